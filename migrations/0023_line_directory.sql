CREATE TABLE `line_directory` (
	`line_id` integer PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`store` text DEFAULT 'd1' NOT NULL,
	`object_name` text NOT NULL,
	`location_hint` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`next_alarm_at` integer,
	`serviced_through` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `line_directory_customer` ON `line_directory` (`customer_id`);--> statement-breakpoint
CREATE INDEX `line_directory_alarm` ON `line_directory` (`next_alarm_at`);--> statement-breakpoint
CREATE TABLE `line_event_cursors` (
	`consumer` text NOT NULL,
	`line_id` integer NOT NULL,
	`applied_seq` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`consumer`, `line_id`)
);
--> statement-breakpoint
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
CREATE INDEX `line_events_unhanded` ON `line_events` (`handed_at`);