ALTER TABLE "companies" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "pdf_version" integer;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "print_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The name a company was created with is the one its forms printed as the seller: keep it as the
-- legal name until the shop corrects it. Forms printed before count one print; their stored PDF,
-- of the earlier layout, is rendered anew at the next print (no version is recorded for it).
UPDATE "companies" SET "legal_name" = "name";--> statement-breakpoint
UPDATE "tax_forms" SET "print_count" = 1 WHERE "pdf_file" IS NOT NULL;
