-- One trigram search column per form, indexed with its tenant, and a kept count of each branch's forms.
CREATE TABLE "branch_form_totals" (
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"forms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_form_totals_company_id_branch_id_pk" PRIMARY KEY("company_id","branch_id")
);
--> statement-breakpoint
DROP INDEX "invoices_ref_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_barcode_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_name_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_surname_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_email_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_passport_trgm";--> statement-breakpoint
DROP INDEX "tax_forms_invoice_ref_trgm";--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_form_totals" ADD CONSTRAINT "branch_form_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_form_totals" ADD CONSTRAINT "branch_form_totals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "tax_forms" f SET "search_text" = concat_ws(chr(31), f."barcode", f."traveler_name", f."traveler_surname",
  f."traveler_email", f."passport", f."invoice_reference_number",
  (SELECT string_agg(i."invoice_reference_number", chr(31) ORDER BY i."position") FROM "invoices" i
    WHERE i."company_id" = f."company_id" AND i."tax_form_id" = f."id"));--> statement-breakpoint
INSERT INTO "branch_form_totals" ("company_id", "branch_id", "forms")
  SELECT "company_id", "branch_id", count(*) FROM "tax_forms" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "branch_form_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "branch_form_totals" AS t ("company_id", "branch_id", "forms")
    SELECT "company_id", "branch_id", count(*) FROM added GROUP BY 1, 2
    ON CONFLICT ("company_id", "branch_id") DO UPDATE SET "forms" = t."forms" + excluded."forms";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "branch_form_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "branch_form_totals" t SET "forms" = t."forms" - r.n
    FROM (SELECT "company_id", "branch_id", count(*) AS n FROM removed GROUP BY 1, 2) r
    WHERE t."company_id" = r."company_id" AND t."branch_id" = r."branch_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tax_forms_count_added" AFTER INSERT ON "tax_forms" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "branch_form_totals_add"();--> statement-breakpoint
CREATE TRIGGER "tax_forms_count_removed" AFTER DELETE ON "tax_forms" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "branch_form_totals_remove"();--> statement-breakpoint
CREATE INDEX "tax_forms_search_idx" ON "tax_forms" USING gin ("company_id","branch_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- Each branch belongs to one company: without this the planner multiplies the two selectivities,
-- expects a hundred forms where a branch has thousands, and walks the branch instead of the index.
CREATE STATISTICS "tax_forms_tenant_stats" (dependencies) ON "company_id", "branch_id" FROM "tax_forms";
