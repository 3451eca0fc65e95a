ALTER TABLE `contact_messages` ADD `request_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_request` ON `contact_messages` (`request_id`);