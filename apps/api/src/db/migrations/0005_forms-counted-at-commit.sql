-- Each branch's form count is one row. Counted when a form is inserted, that row stayed locked until
-- the issue committed, so every issue of a branch waited for the one before it to write its invoices,
-- lines, stage and audit entry. Counted at commit instead (a deferred trigger), it is held only while
-- the transaction commits. Deletions are still counted at once, so the count is right at every commit.
DROP TRIGGER IF EXISTS "tax_forms_count_added" ON "tax_forms";--> statement-breakpoint
DROP FUNCTION IF EXISTS "branch_form_totals_add"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "branch_form_totals_add_one"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "branch_form_totals" AS t ("company_id", "branch_id", "forms")
    VALUES (NEW."company_id", NEW."branch_id", 1)
    ON CONFLICT ("company_id", "branch_id") DO UPDATE SET "forms" = t."forms" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_forms_count_added" AFTER INSERT ON "tax_forms"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "branch_form_totals_add_one"();
