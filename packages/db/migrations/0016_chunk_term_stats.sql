CREATE TABLE "source_chunk_stats" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"chunks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_term_stats" (
	"source_id" uuid NOT NULL,
	"term" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "source_term_stats_source_id_term_pk" PRIMARY KEY("source_id","term")
);
--> statement-breakpoint
ALTER TABLE "source_chunk_stats" ADD CONSTRAINT "source_chunk_stats_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_term_stats" ADD CONSTRAINT "source_term_stats_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- source_term_stats and source_chunk_stats follow source_chunks whoever writes it (the worker stores
-- and replaces a source's chunks, a deck copy inserts many sources' chunks at once), in the same
-- transaction, so retrieval can read a word's document frequency and a scope's size without
-- counting chunks. One function adds (sign 1) or removes (sign -1) chunks' words and counts.
CREATE FUNCTION source_stats_apply(p_sources uuid[], p_tsvs tsvector[], p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO source_term_stats (source_id, term, chunks)
      SELECT r.source_id, t.term, count(*)
      FROM unnest(p_sources, p_tsvs) AS r(source_id, tsv), unnest(tsvector_to_array(r.tsv)) AS t(term)
      GROUP BY 1, 2
    ON CONFLICT (source_id, term) DO UPDATE SET chunks = source_term_stats.chunks + excluded.chunks;
    INSERT INTO source_chunk_stats (source_id, chunks)
      SELECT r.source_id, count(*) FROM unnest(p_sources) AS r(source_id) GROUP BY 1
    ON CONFLICT (source_id) DO UPDATE SET chunks = source_chunk_stats.chunks + excluded.chunks;
  ELSE
    -- A row whose count reaches zero is deleted, the others decremented: disjoint rows, one statement.
    WITH counted AS (
      SELECT r.source_id, t.term, count(*)::int AS n
      FROM unnest(p_sources, p_tsvs) AS r(source_id, tsv), unnest(tsvector_to_array(r.tsv)) AS t(term)
      GROUP BY 1, 2
    ), emptied AS (
      DELETE FROM source_term_stats s USING counted c
      WHERE s.source_id = c.source_id AND s.term = c.term AND s.chunks <= c.n
    )
    UPDATE source_term_stats s SET chunks = s.chunks - c.n FROM counted c
    WHERE s.source_id = c.source_id AND s.term = c.term AND s.chunks > c.n;
    WITH counted AS (
      SELECT r.source_id, count(*)::int AS n FROM unnest(p_sources) AS r(source_id) GROUP BY 1
    ), emptied AS (
      DELETE FROM source_chunk_stats s USING counted c WHERE s.source_id = c.source_id AND s.chunks <= c.n
    )
    UPDATE source_chunk_stats s SET chunks = s.chunks - c.n FROM counted c
    WHERE s.source_id = c.source_id AND s.chunks > c.n;
  END IF;
END;
$$;--> statement-breakpoint
-- Statement triggers with transition tables: one aggregate per statement (the worker inserts 200
-- chunks a statement), not one per row. Removed chunks of a source that no longer exists are not
-- counted: deleting a source or a deck deletes its stats rows through their foreign key, and
-- counting the words of every chunk of a deleted deck would only slow the delete down.
CREATE FUNCTION source_chunks_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src uuid[];
  tsvs tsvector[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.source_id), array_agg(n.tsv) INTO src, tsvs FROM new_chunks n;
    IF src IS NOT NULL THEN PERFORM source_stats_apply(src, tsvs, 1); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.source_id), array_agg(o.tsv) INTO src, tsvs FROM old_chunks o
    WHERE EXISTS (SELECT 1 FROM sources s WHERE s.id = o.source_id);
    IF src IS NOT NULL THEN PERFORM source_stats_apply(src, tsvs, -1); END IF;
    RETURN NULL;
  END IF;
  -- UPDATE: only rows whose words or source changed (re-embedding a chunk changes neither).
  SELECT array_agg(o.source_id), array_agg(o.tsv) INTO src, tsvs
  FROM old_chunks o JOIN new_chunks n ON n.id = o.id
  WHERE (o.source_id, o.tsv) IS DISTINCT FROM (n.source_id, n.tsv)
    AND EXISTS (SELECT 1 FROM sources s WHERE s.id = o.source_id);
  IF src IS NOT NULL THEN PERFORM source_stats_apply(src, tsvs, -1); END IF;
  SELECT array_agg(n.source_id), array_agg(n.tsv) INTO src, tsvs
  FROM old_chunks o JOIN new_chunks n ON n.id = o.id
  WHERE (o.source_id, o.tsv) IS DISTINCT FROM (n.source_id, n.tsv);
  IF src IS NOT NULL THEN PERFORM source_stats_apply(src, tsvs, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER source_chunks_stats_insert AFTER INSERT ON source_chunks
  REFERENCING NEW TABLE AS new_chunks FOR EACH STATEMENT EXECUTE FUNCTION source_chunks_stats();--> statement-breakpoint
CREATE TRIGGER source_chunks_stats_delete AFTER DELETE ON source_chunks
  REFERENCING OLD TABLE AS old_chunks FOR EACH STATEMENT EXECUTE FUNCTION source_chunks_stats();--> statement-breakpoint
CREATE TRIGGER source_chunks_stats_update AFTER UPDATE ON source_chunks
  REFERENCING OLD TABLE AS old_chunks NEW TABLE AS new_chunks FOR EACH STATEMENT EXECUTE FUNCTION source_chunks_stats();--> statement-breakpoint
-- Chunks stored before this migration. The triggers exist first: a chunk written meanwhile waits
-- for this transaction's lock on source_chunks, then counts itself.
INSERT INTO source_term_stats (source_id, term, chunks)
  SELECT c.source_id, t.term, count(*)
  FROM source_chunks c, unnest(tsvector_to_array(c.tsv)) AS t(term)
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO source_chunk_stats (source_id, chunks)
  SELECT source_id, count(*) FROM source_chunks GROUP BY 1;
