-- Statements issued from now on carry their notices (issue 35; 0-decisions.md, "Notices and
-- records the law requires"): the wording's edition, the minimum-payment warning's figures and
-- the values the other notices name, kept as issued. Statements issued before keep nulls: they
-- never said any of it, and they are never changed.
ALTER TABLE `statements` ADD `notices_edition` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `payoff_statements` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `payoff_months` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `payoff_fees_cents` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `billing_error_address` text;--> statement-breakpoint
ALTER TABLE `statements` ADD `charge_off_after_days` integer;