-- release gate: every-line-moved
-- forward-only: ledger_entries unused since 0027_no_line_served_from_d1
-- forward-only: notices unused since 0027_no_line_served_from_d1
-- forward-only: statements unused since 0027_no_line_served_from_d1
-- forward-only: transactions unused since 0027_no_line_served_from_d1
-- forward-only: line_events unused since 0027_no_line_served_from_d1
-- Each line's ledger, requests, statements, notices and events live in its
-- own Durable Object (decision record 032); the release of 0027 serves no
-- line from here, so no release that can still serve reads these tables. A
-- line's object keeps its own copies: it never applies this drop.
DROP TABLE `ledger_entries`;--> statement-breakpoint
DROP TABLE `notices`;--> statement-breakpoint
DROP TABLE `statements`;--> statement-breakpoint
DROP TABLE `transactions`;--> statement-breakpoint
DROP TABLE `line_events`;