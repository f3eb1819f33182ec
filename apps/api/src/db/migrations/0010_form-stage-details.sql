ALTER TABLE "form_stages" ADD COLUMN "export_date" date;--> statement-breakpoint
ALTER TABLE "form_stages" ADD COLUMN "customs_office" text;--> statement-breakpoint
ALTER TABLE "form_stages" ADD COLUMN "customs_record_number" text;--> statement-breakpoint
ALTER TABLE "form_stages" ADD COLUMN "refund_date" date;--> statement-breakpoint
ALTER TABLE "form_stages" ADD COLUMN "paid_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "form_stages" ADD COLUMN "paid_method" text;