-- Extensions first, before any table uses them: pgvector for embeddings, pg_trgm for typo-tolerant
-- search. PGlite loads both; a real server needs the pgvector package installed.
CREATE EXTENSION IF NOT EXISTS vector;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
