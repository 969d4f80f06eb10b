-- Hand-edited: the columns are added empty, filled from the sources, then made NOT NULL (drizzle-kit
-- adds them NOT NULL at once, which fails on a database that already has counts).
ALTER TABLE "source_chunk_stats" ADD COLUMN "deck_id" uuid;--> statement-breakpoint
ALTER TABLE "source_term_stats" ADD COLUMN "deck_id" uuid;--> statement-breakpoint
UPDATE "source_chunk_stats" cs SET "deck_id" = s."deck_id" FROM "sources" s WHERE s."id" = cs."source_id";--> statement-breakpoint
UPDATE "source_term_stats" st SET "deck_id" = s."deck_id" FROM "sources" s WHERE s."id" = st."source_id";--> statement-breakpoint
ALTER TABLE "source_chunk_stats" ALTER COLUMN "deck_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "source_term_stats" ALTER COLUMN "deck_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "source_chunk_stats_deck_idx" ON "source_chunk_stats" USING btree ("deck_id");--> statement-breakpoint
CREATE INDEX "source_term_stats_deck_term_idx" ON "source_term_stats" USING btree ("deck_id","term");--> statement-breakpoint
-- Migration 0016's function, now writing each row's deck (its source's: a source never moves) when
-- it adds one. Same signature, so the triggers calling it are unchanged; removing counts matches
-- rows by source and word as before.
CREATE OR REPLACE FUNCTION source_stats_apply(p_sources uuid[], p_tsvs tsvector[], p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO source_term_stats (source_id, deck_id, term, chunks)
      SELECT r.source_id, s.deck_id, t.term, count(*)
      FROM unnest(p_sources, p_tsvs) AS r(source_id, tsv)
        JOIN sources s ON s.id = r.source_id,
        unnest(tsvector_to_array(r.tsv)) AS t(term)
      GROUP BY 1, 2, 3
    ON CONFLICT (source_id, term) DO UPDATE SET chunks = source_term_stats.chunks + excluded.chunks;
    INSERT INTO source_chunk_stats (source_id, deck_id, chunks)
      SELECT r.source_id, s.deck_id, count(*)
      FROM unnest(p_sources) AS r(source_id) JOIN sources s ON s.id = r.source_id
      GROUP BY 1, 2
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
$$;
