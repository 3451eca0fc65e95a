CREATE TABLE `passcode_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text NOT NULL,
	`vault_id` text NOT NULL,
	`purpose` text NOT NULL,
	`channel` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passcode_challenges_vault` ON `passcode_challenges` (`vault_id`);--> statement-breakpoint
CREATE INDEX `passcode_challenges_customer` ON `passcode_challenges` (`customer_id`,`created_at`);