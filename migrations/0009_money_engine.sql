ALTER TABLE `ledger_entries` ADD `origin` text;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `fee_cents` integer;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `reference` integer;--> statement-breakpoint
ALTER TABLE `ledger_entries` DROP COLUMN `adjustment_target`;--> statement-breakpoint
ALTER TABLE `lines` ADD `charged_off_on` text;--> statement-breakpoint
ALTER TABLE `lines` ADD `serviced_through` text;--> statement-breakpoint
ALTER TABLE `statements` ADD `period_start` text;--> statement-breakpoint
ALTER TABLE `statements` ADD `previous_balance_cents` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `draws_cents` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `payments_cents` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `returns_cents` integer;--> statement-breakpoint
ALTER TABLE `statements` ADD `total_minimum_due_cents` integer;