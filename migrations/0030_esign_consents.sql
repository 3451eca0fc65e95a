CREATE TABLE `esign_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text NOT NULL,
	`line_id` integer NOT NULL,
	`event` text NOT NULL,
	`disclosure_version` text NOT NULL,
	`disclosure_sha256` text NOT NULL,
	`at` integer NOT NULL,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `esign_consents_customer` ON `esign_consents` (`customer_id`,`at`);--> statement-breakpoint
CREATE TRIGGER `esign_consents_no_update` BEFORE UPDATE ON `esign_consents` BEGIN SELECT RAISE(ABORT, 'esign_consents is append-only: a consent record is never changed'); END;
--> statement-breakpoint
CREATE TRIGGER `esign_consents_no_delete` BEFORE DELETE ON `esign_consents` BEGIN SELECT RAISE(ABORT, 'esign_consents is append-only: a consent record is never deleted'); END;
