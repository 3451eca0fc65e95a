-- Issued statements and the record of signing (the signature and each agreement as signed) are
-- records the law requires be kept unchanged: Regulation Z §1026.25 (at least two years; this
-- product keeps them at least 25 months after the line closes, decision record 033). No code
-- changes one; these triggers refuse it whoever asks. The one deletion allowed is a copy that is
-- not the line's home being cleared (a refused opening, a bench or demo seed loaded afresh): the
-- object opens `record_release` inside that transaction, after checking it is not the home, and
-- closes it before the transaction ends.
CREATE TABLE `record_release` (`reason` text PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE TRIGGER `statements_never_changed` BEFORE UPDATE ON `statements` BEGIN SELECT RAISE(ABORT, 'issued records are never changed: statements'); END;
--> statement-breakpoint
CREATE TRIGGER `statements_kept` BEFORE DELETE ON `statements` WHEN NOT EXISTS (SELECT 1 FROM `record_release`) BEGIN SELECT RAISE(ABORT, 'issued records are kept: statements'); END;
--> statement-breakpoint
CREATE TRIGGER `signed_documents_never_changed` BEFORE UPDATE ON `signed_documents` BEGIN SELECT RAISE(ABORT, 'issued records are never changed: signed_documents'); END;
--> statement-breakpoint
CREATE TRIGGER `signed_documents_kept` BEFORE DELETE ON `signed_documents` WHEN NOT EXISTS (SELECT 1 FROM `record_release`) BEGIN SELECT RAISE(ABORT, 'issued records are kept: signed_documents'); END;
--> statement-breakpoint
CREATE TRIGGER `signatures_never_changed` BEFORE UPDATE ON `signatures` BEGIN SELECT RAISE(ABORT, 'issued records are never changed: signatures'); END;
--> statement-breakpoint
CREATE TRIGGER `signatures_kept` BEFORE DELETE ON `signatures` WHEN NOT EXISTS (SELECT 1 FROM `record_release`) BEGIN SELECT RAISE(ABORT, 'issued records are kept: signatures'); END;
