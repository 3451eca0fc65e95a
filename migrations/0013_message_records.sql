CREATE TABLE `message_records` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text,
	`channel` text NOT NULL,
	`template` text NOT NULL,
	`recipient_masked` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`provider_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `message_records_customer` ON `message_records` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `message_records_provider_id` ON `message_records` (`provider_id`);