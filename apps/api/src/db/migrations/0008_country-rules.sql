ALTER TABLE "tax_forms" ADD COLUMN "residence_country" integer;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "residence_proof" text;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "passport_expiry" date;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "export_deadline" date;--> statement-breakpoint
-- Forms issued before the export deadline was stored: the end of the 3rd month after the month of
-- their first invoice (or sale), the rule of every country served then but Bosnia and Herzegovina,
-- whose 3 months from the purchase end earlier.
UPDATE "tax_forms" f SET "export_deadline" = (
  date_trunc('month', coalesce(
    (SELECT min(i."invoice_date") FROM "invoices" i WHERE i."tax_form_id" = f."id"),
    f."invoice_date", f."date_of_sales")) + interval '4 months' - interval '1 day'
)::date;--> statement-breakpoint
UPDATE "tax_forms" f SET "export_deadline" = (coalesce(f."invoice_date", f."date_of_sales") + interval '3 months')::date
FROM "companies" c WHERE c."id" = f."company_id" AND c."country" = 'BA';--> statement-breakpoint
UPDATE "tax_forms" SET "residence_country" = "issued_govt";
