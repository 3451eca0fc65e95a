CREATE TABLE `applicant_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`application_id` integer,
	`kind` text NOT NULL,
	`reasons` text,
	`consumer_report` integer DEFAULT false NOT NULL,
	`message_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `applicant_notices_customer` ON `applicant_notices` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `applicant_notices_unsent` ON `applicant_notices` (`created_at`) WHERE message_id IS NULL;--> statement-breakpoint
ALTER TABLE `message_records` ADD `hold_until` integer;