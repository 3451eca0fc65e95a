CREATE TABLE `message_handover` (
	`id` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL
);
