CREATE SEQUENCE "public"."tax_form_barcode_serial" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_name" text NOT NULL,
	"website" text,
	"description" text,
	"logo" text,
	"location" text,
	"product_category" text,
	"address" text,
	"city" text,
	"postcode" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_no" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"ushop_setting" text DEFAULT 'true' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"time_zone" text DEFAULT 'Europe/Zagreb' NOT NULL,
	"vat_number" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"country" text,
	"image" text,
	"passport_number" text,
	"language" text DEFAULT 'en' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso2" text NOT NULL,
	"iso3" text NOT NULL,
	"is_eu" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_categories" (
	"company_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "promotion_categories_company_id_value_pk" PRIMARY KEY("company_id","value")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"general_setting" jsonb NOT NULL,
	"tax_free_setting" jsonb NOT NULL,
	"vat_setting" jsonb NOT NULL,
	"refund_calculation_setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breakdown_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"vat_product_rate" numeric(5, 2) NOT NULL,
	"net_sales_amount" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"gross_sales_price" numeric(14, 2) NOT NULL,
	"customer_refund" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"cancel_reason" text NOT NULL,
	"cancel_comments" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"user_id" integer,
	"source" text DEFAULT 'portal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"invoice_date" date,
	"invoice_reference_number" text,
	"net_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gross_sales_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"customer_refund" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_product_rate" numeric(5, 2)
);
--> statement-breakpoint
CREATE TABLE "product_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"classification" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"serial_number" text,
	"net_amount" numeric(14, 2) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"simplified_invoice_number" text,
	"simplified_invoice_date" date
);
--> statement-breakpoint
CREATE TABLE "tax_forms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"traveller_id" integer,
	"barcode" text NOT NULL,
	"status" text DEFAULT 'FORM_SUBMITTED' NOT NULL,
	"traveler_name" text NOT NULL,
	"traveler_surname" text NOT NULL,
	"traveler_email" text,
	"traveler_mobile" text,
	"passport" text NOT NULL,
	"issued_govt" integer,
	"nationality" integer,
	"traveler_dob" date,
	"traveler_postcode" text,
	"traveler_address" text,
	"items" text,
	"date_arrived" date,
	"date_leaving" date,
	"country_final" integer,
	"date_of_sales" date NOT NULL,
	"invoice_date" date,
	"method_of_shipment" text,
	"freight_forward_name" text,
	"freight_forward_address" text,
	"method_of_refund" text NOT NULL,
	"acc_details_enc" text,
	"acc_details_last4" text,
	"email_or_mobile" text,
	"iban_enc" text,
	"iban_last4" text,
	"swift" text,
	"bank_name" text,
	"bank_address" text,
	"invoice_reference_number" text,
	"gross_sales_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gross_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"customer_refund" numeric(14, 2) DEFAULT '0' NOT NULL,
	"manual_amounts" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"ilr" boolean DEFAULT true NOT NULL,
	"pdf_file" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"mobile" text,
	"passport" text NOT NULL,
	"issued_govt" integer,
	"nationality" integer,
	"date_of_birth" date,
	"postcode" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notification_schedule" timestamp,
	"shopping_behavior" text,
	"targeted_nationality" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"temporary" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_lines" ADD CONSTRAINT "breakdown_lines_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_lines" ADD CONSTRAINT "breakdown_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_stages" ADD CONSTRAINT "form_stages_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_stages" ADD CONSTRAINT "form_stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rows" ADD CONSTRAINT "product_rows_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_traveller_id_travellers_id_fk" FOREIGN KEY ("traveller_id") REFERENCES "public"."travellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travellers" ADD CONSTRAINT "travellers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branches_company_idx" ON "branches" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_company_name_key" ON "branches" USING btree ("company_id",lower("branch_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_account_no_key" ON "companies" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_company_user_idx" ON "password_reset_tokens" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_company_user_idx" ON "sessions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_key" ON "users" USING btree ("company_id",lower("username"));--> statement-breakpoint
CREATE INDEX "users_company_email_idx" ON "users" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso2_key" ON "countries" USING btree ("iso2");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso3_key" ON "countries" USING btree ("iso3");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_company_code_key" ON "product_categories" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "breakdown_lines_form_idx" ON "breakdown_lines" USING btree ("company_id","tax_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_form_key" ON "cancellations" USING btree ("company_id","tax_form_id");--> statement-breakpoint
CREATE INDEX "form_stages_form_idx" ON "form_stages" USING btree ("company_id","tax_form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_company_key" ON "idempotency_keys" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "invoices_form_idx" ON "invoices" USING btree ("company_id","tax_form_id");--> statement-breakpoint
CREATE INDEX "invoices_ref_trgm" ON "invoices" USING gin ("invoice_reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_rows_form_idx" ON "product_rows" USING btree ("company_id","tax_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_forms_barcode_key" ON "tax_forms" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "tax_forms_list_idx" ON "tax_forms" USING btree ("company_id","branch_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_forms_company_date_idx" ON "tax_forms" USING btree ("company_id","date_of_sales");--> statement-breakpoint
CREATE INDEX "tax_forms_barcode_trgm" ON "tax_forms" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_forms_name_trgm" ON "tax_forms" USING gin ("traveler_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_forms_surname_trgm" ON "tax_forms" USING gin ("traveler_surname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_forms_email_trgm" ON "tax_forms" USING gin ("traveler_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_forms_passport_trgm" ON "tax_forms" USING gin ("passport" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_forms_invoice_ref_trgm" ON "tax_forms" USING gin ("invoice_reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "travellers_company_passport_key" ON "travellers" USING btree ("company_id",upper("passport"));--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_items_list_idx" ON "gallery_items" USING btree ("company_id","branch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gallery_items_title_trgm" ON "gallery_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_list_idx" ON "promotions" USING btree ("company_id","branch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotions_title_trgm" ON "promotions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_name_key" ON "stored_files" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stored_files_temporary_idx" ON "stored_files" USING btree ("temporary","created_at");