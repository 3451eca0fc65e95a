CREATE TABLE `lead_postbacks` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`partner_id` text NOT NULL,
	`milestone` text NOT NULL,
	`final` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_attempt_at` integer,
	`last_result` text,
	`delivered_at` integer,
	`gave_up_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_postbacks_milestone` ON `lead_postbacks` (`lead_id`,`milestone`);--> statement-breakpoint
CREATE INDEX `lead_postbacks_due` ON `lead_postbacks` (`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `leads` ADD `milestones_checked_at` integer;--> statement-breakpoint
ALTER TABLE `partners` ADD `postback_url` text;