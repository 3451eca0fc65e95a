CREATE TABLE `lead_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_links_lead` ON `lead_links` (`lead_id`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`partner_lead_id` text NOT NULL,
	`status` text NOT NULL,
	`platform_status` text,
	`ext_transaction_id` text NOT NULL,
	`application_id` integer,
	`transaction_id` text,
	`approved_limit_cents` integer,
	`answer_json` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`received_at` integer NOT NULL,
	`claimed_at` integer NOT NULL,
	`decided_at` integer,
	`continue_by` integer,
	`continued_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_partner_lead` ON `leads` (`partner_id`,`partner_lead_id`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`leads_per_minute` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
