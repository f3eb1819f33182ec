-- Six characters of Crockford's base32 from the strong random bytes of gen_random_uuid() (its first six
-- bytes carry no version bits; 256 is a multiple of 32, so every character is equally likely).
CREATE FUNCTION tax_form_verification_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(r.b, i) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS r, generate_series(0, 5) AS i
$$;--> statement-breakpoint
CREATE TABLE "form_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tax_form_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "verification_code" text DEFAULT tax_form_verification_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "traveller_language" text;--> statement-breakpoint
ALTER TABLE "form_mails" ADD CONSTRAINT "form_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_mails" ADD CONSTRAINT "form_mails_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_mails" ADD CONSTRAINT "form_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_mails_due_idx" ON "form_mails" USING btree ("next_attempt_at") WHERE "form_mails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "form_mails_form_idx" ON "form_mails" USING btree ("company_id","tax_form_id");