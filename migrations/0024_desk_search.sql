CREATE INDEX `customers_name` ON `customers` (lower("last_name"),lower("first_name"),"created_at" desc);--> statement-breakpoint
CREATE INDEX `customers_email_lower` ON `customers` (lower("email"));