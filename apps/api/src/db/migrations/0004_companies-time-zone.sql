-- The company's time zone (the calendar of "today" in the form counts) joined the first migration
-- after some embedded databases had already applied it: add it where it is missing.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'Europe/Zagreb' NOT NULL;
