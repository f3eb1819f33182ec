-- Trigram search over forms (barcode, traveller, e-mail, passport, invoice reference).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
