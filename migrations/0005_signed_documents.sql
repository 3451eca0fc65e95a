CREATE TABLE `signed_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`html` text NOT NULL,
	`signed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signed_documents_line` ON `signed_documents` (`line_id`);