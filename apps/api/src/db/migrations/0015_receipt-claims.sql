CREATE TABLE "receipt_claims" (
	"company_id" integer NOT NULL,
	"receipt_key" text NOT NULL,
	"tax_form_id" bigint NOT NULL,
	CONSTRAINT "receipt_claims_company_id_receipt_key_pk" PRIMARY KEY("company_id","receipt_key")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "receipt_id" text;--> statement-breakpoint
ALTER TABLE "receipt_claims" ADD CONSTRAINT "receipt_claims_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_claims_form_idx" ON "receipt_claims" USING btree ("company_id","tax_form_id");