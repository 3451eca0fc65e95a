CREATE TABLE `desk_users` (
	`email` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`added_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `desk_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`role` text NOT NULL,
	`action` text NOT NULL,
	`customer_id` text,
	`reason` text NOT NULL,
	`before` text DEFAULT '{}' NOT NULL,
	`after` text DEFAULT '{}' NOT NULL,
	`idempotency_key` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `desk_audit_key` ON `desk_audit` (`actor`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `desk_audit_customer` ON `desk_audit` (`customer_id`,`at`);--> statement-breakpoint
CREATE INDEX `desk_audit_at` ON `desk_audit` (`at`);--> statement-breakpoint
-- The audit log is append-only (decision record 021): not in drizzle's snapshot, written by hand.
CREATE TRIGGER `desk_audit_no_update` BEFORE UPDATE ON `desk_audit` BEGIN SELECT RAISE(ABORT, 'desk_audit is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `desk_audit_no_delete` BEFORE DELETE ON `desk_audit` BEGIN SELECT RAISE(ABORT, 'desk_audit is append-only'); END;
