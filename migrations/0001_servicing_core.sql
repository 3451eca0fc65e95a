CREATE TABLE `applications` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`status` text NOT NULL,
	`decision_reason` text DEFAULT '' NOT NULL,
	`approved_limit_cents` integer,
	`requested_amount_cents` integer NOT NULL,
	`requested_draw_cents` integer,
	`transaction_id` text NOT NULL,
	`ext_transaction_id` text NOT NULL,
	`lead_source` text DEFAULT '' NOT NULL,
	`income_source` text NOT NULL,
	`employer_name` text DEFAULT '' NOT NULL,
	`work_phone` text DEFAULT '' NOT NULL,
	`work_phone_ext` text DEFAULT '' NOT NULL,
	`income_payment_method` text NOT NULL,
	`take_home_cents` integer NOT NULL,
	`pay_frequency` text NOT NULL,
	`last_pay_date` text NOT NULL,
	`next_pay_date` text NOT NULL,
	`second_pay_date` text NOT NULL,
	`bank_routing` text NOT NULL,
	`bank_account_encrypted` text NOT NULL,
	`bank_account_last4` text NOT NULL,
	`repayment_method` text NOT NULL,
	`request_ip` text NOT NULL,
	`user_agent` text NOT NULL,
	`void_reason` text,
	`created_at` integer NOT NULL,
	`decided_at` integer
);
--> statement-breakpoint
CREATE INDEX `applications_customer` ON `applications` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `applications_transaction` ON `applications` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `applications_ext_transaction` ON `applications` (`ext_transaction_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`category` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`ssn_hash` text NOT NULL,
	`ssn_encrypted` text NOT NULL,
	`ssn_last4` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`dob` text NOT NULL,
	`email` text NOT NULL,
	`address1` text NOT NULL,
	`address2` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip` text NOT NULL,
	`home_phone` text NOT NULL,
	`mobile_phone` text DEFAULT '' NOT NULL,
	`allow_marketing_emails` integer DEFAULT false NOT NULL,
	`allow_marketing_calls` integer DEFAULT false NOT NULL,
	`allow_marketing_texts` integer DEFAULT false NOT NULL,
	`allow_servicing_texts` integer DEFAULT true NOT NULL,
	`is_military` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_ssn_hash` ON `customers` (`ssn_hash`);--> statement-breakpoint
CREATE INDEX `customers_email` ON `customers` (`email`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`customer_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_json` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`effective_date` text NOT NULL,
	`posted_at` integer NOT NULL,
	`reverses_id` text,
	`adjustment_target` text,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_line` ON `ledger_entries` (`line_id`,`effective_date`);--> statement-breakpoint
CREATE TABLE `lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`application_id` integer NOT NULL,
	`customer_id` text NOT NULL,
	`credit_limit_cents` integer NOT NULL,
	`status` text NOT NULL,
	`pay_frequency` text NOT NULL,
	`pay_anchor_date` text NOT NULL,
	`repayment_method` text NOT NULL,
	`opened_at` integer,
	`charged_off_at` integer,
	`closed_at` integer,
	`closure_reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lines_application` ON `lines` (`application_id`);--> statement-breakpoint
CREATE INDEX `lines_customer` ON `lines` (`customer_id`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text,
	`process_id` text NOT NULL,
	`success` integer NOT NULL,
	`note` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text NOT NULL,
	`note` text NOT NULL,
	`is_urgent` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`customer_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `platform_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`customer_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `platform_tokens_expires` ON `platform_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`line_id` integer NOT NULL,
	`document_id` text NOT NULL,
	`signature_text` text NOT NULL,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL,
	`order_no` integer NOT NULL,
	`signed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `statements` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`statement_date` text NOT NULL,
	`due_date` text NOT NULL,
	`principal_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`minimum_due_cents` integer NOT NULL,
	`past_due_cents` integer NOT NULL,
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
CREATE INDEX `transactions_line` ON `transactions` (`line_id`,`status`);--> statement-breakpoint
CREATE TABLE `users` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);