-- Search matches parts of names and misspelt names by trigrams (pg_trgm: a contrib extension of
-- PostgreSQL, loaded into PGlite by db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
