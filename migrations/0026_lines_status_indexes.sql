CREATE INDEX `lines_status` ON `lines` (`status`);--> statement-breakpoint
CREATE INDEX `lines_in_d1` ON `lines` (`id`) WHERE status != 'moved' AND opened_at IS NOT NULL;