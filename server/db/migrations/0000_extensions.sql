-- Trigram indexes back the JeecgBoot `*x*` fuzzy filters (ILIKE '%x%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
