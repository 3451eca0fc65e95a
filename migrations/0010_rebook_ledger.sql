-- Rebooks existing lines under the rules of decision record 013 (issue 13).
-- Nothing an issued statement says is changed: only ledger rows and line
-- bookkeeping move.
-- 1. A draw is one row for the full amount: the principal is the whole draw;
--    its cash advance fee (kept from the deposit) becomes the row's detail.
UPDATE `ledger_entries` SET
  `fee_cents` = (SELECT f.`amount_cents` FROM `ledger_entries` f WHERE f.`id` = `ledger_entries`.`id` || ':fee' AND f.`kind` = 'cash_advance_fee'),
  `amount_cents` = `amount_cents` + (SELECT f.`amount_cents` FROM `ledger_entries` f WHERE f.`id` = `ledger_entries`.`id` || ':fee' AND f.`kind` = 'cash_advance_fee')
WHERE `kind` = 'draw' AND EXISTS (SELECT 1 FROM `ledger_entries` f WHERE f.`id` = `ledger_entries`.`id` || ':fee' AND f.`kind` = 'cash_advance_fee');
--> statement-breakpoint
UPDATE `ledger_entries` SET `fee_cents` = 0 WHERE `kind` = 'draw' AND `fee_cents` IS NULL;
--> statement-breakpoint
DELETE FROM `ledger_entries` WHERE `kind` = 'cash_advance_fee';
--> statement-breakpoint
-- 2. Every payment so far was a one-time payment the borrower scheduled.
UPDATE `ledger_entries` SET `origin` = 'one_time' WHERE `kind` = 'payment';
--> statement-breakpoint
-- 3. Short numeric transaction ids: a draw's and a payment's are their request's; other rows get a new one.
UPDATE `ledger_entries` SET `reference` = CAST(substr(`id`, 2) AS INTEGER) WHERE `kind` IN ('draw', 'payment') AND `id` GLOB '[DP][0-9]*';
--> statement-breakpoint
UPDATE `ledger_entries` SET `reference` = 100000000 + abs(random()) % 900000000 WHERE `reference` IS NULL;
--> statement-breakpoint
-- 4. The charge-off day (Eastern), and the servicing run's progress: every open line is serviced through
--    today, so no past due date is debited or billed again under the new rules.
UPDATE `lines` SET `charged_off_on` = date(`charged_off_at` / 1000, 'unixepoch', '-5 hours') WHERE `charged_off_at` IS NOT NULL;
--> statement-breakpoint
UPDATE `lines` SET `serviced_through` = date('now', '-5 hours') WHERE `status` = 'open';
