CREATE TABLE `suppressions` (
	`channel` text NOT NULL,
	`address` text NOT NULL,
	`scope` text NOT NULL,
	`reason` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`channel`, `address`)
);
