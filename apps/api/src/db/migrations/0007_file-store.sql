CREATE TABLE "stored_file_chunks" (
	"company_id" integer NOT NULL,
	"file_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_company_temporary_idx" ON "stored_files" USING btree ("company_id","temporary");--> statement-breakpoint
-- Pictures and PDFs are incompressible: store their chunks out of line without trying to compress.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- What earlier versions kept inline moves to chunks (the embedded database's store then moves it to disk).
INSERT INTO "stored_file_chunks" ("company_id", "file_id", "seq", "data") SELECT "company_id", "id", 0, "content" FROM "stored_files";--> statement-breakpoint
ALTER TABLE "stored_files" DROP COLUMN "content";