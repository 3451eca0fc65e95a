CREATE TABLE `notices` (
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`line_id`, `kind`, `ref`)
);
