-- baseline: never applied. The shared chain (migrations/) made these tables in
-- every line's object before the shared database dropped them (0028); this is
-- where drizzle-kit starts the objects' own chain, applied after the shared one.
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`effective_date` text NOT NULL,
	`posted_at` integer NOT NULL,
	`reverses_id` text,
	`origin` text,
	`fee_cents` integer,
	`reference` integer,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_line` ON `ledger_entries` (`line_id`,`effective_date`);--> statement-breakpoint
CREATE TABLE `line_events` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`at` integer NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`handed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_events_line_seq` ON `line_events` (`line_id`,`seq`);--> statement-breakpoint
CREATE INDEX `line_events_unhanded` ON `line_events` (`handed_at`);--> statement-breakpoint
CREATE TABLE `notices` (
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`line_id`, `kind`, `ref`)
);
--> statement-breakpoint
CREATE TABLE `statements` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`statement_date` text NOT NULL,
	`due_date` text NOT NULL,
	`period_start` text,
	`previous_balance_cents` integer,
	`draws_cents` integer,
	`payments_cents` integer,
	`returns_cents` integer,
	`credits_cents` integer,
	`principal_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`minimum_due_cents` integer NOT NULL,
	`past_due_cents` integer NOT NULL,
	`total_minimum_due_cents` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statements_line_due` ON `statements` (`line_id`,`due_date`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`line_id` integer NOT NULL,
	`code` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`effective_date` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`posted_at` integer
);
--> statement-breakpoint
CREATE INDEX `transactions_line` ON `transactions` (`line_id`,`status`);