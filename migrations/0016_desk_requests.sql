CREATE TABLE `desk_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text NOT NULL,
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`entry_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`maker` text NOT NULL,
	`made_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`checker` text,
	`decided_at` integer,
	`decision_reason` text,
	`maker_key` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `desk_requests_maker_key` ON `desk_requests` (`maker`,`maker_key`);--> statement-breakpoint
CREATE INDEX `desk_requests_status` ON `desk_requests` (`status`,`made_at`);--> statement-breakpoint
CREATE INDEX `desk_requests_customer` ON `desk_requests` (`customer_id`,`made_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `desk_requests_open_entry` ON `desk_requests` (`entry_id`) WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE `statements` ADD `credits_cents` integer;