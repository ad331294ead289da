-- Statements in words and as PDF (issue #35; server/modules/statements): each link remembers the file it makes.
ALTER TABLE statement_links ADD COLUMN format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'pdf'));
ALTER TABLE statement_links ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ru'));
-- The IANA time zone the PDF shows times in (the CSV keeps UTC instants); NULL = UTC.
ALTER TABLE statement_links ADD COLUMN time_zone text;
