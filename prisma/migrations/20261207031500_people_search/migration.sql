-- Staff → People searches addresses by any part (LIKE '%…%'); a trigram index serves that without reading
-- every account. pg_trgm ships with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "user_email_trgm_idx" ON "user" USING GIN ("email" gin_trgm_ops);
