CREATE TABLE `lead_signatures` (
	`partner_id` text NOT NULL,
	`signature` text NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`partner_id`, `signature`)
);
--> statement-breakpoint
CREATE INDEX `lead_signatures_seen` ON `lead_signatures` (`seen_at`);