DROP INDEX "decks_published_idx";--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "source_titles" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "decks"."title"), 'A') || setweight(to_tsvector('english', "decks"."description"), 'B') || setweight(to_tsvector('english', "decks"."source_titles"), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "decks_published_search_gin" ON "decks" USING gin ("search_tsv") WHERE "decks"."is_published";--> statement-breakpoint
CREATE INDEX "decks_published_title_trgm" ON "decks" USING gin ("title" gin_trgm_ops) WHERE "decks"."is_published";--> statement-breakpoint
CREATE INDEX "decks_published_idx" ON "decks" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "decks"."is_published";--> statement-breakpoint
-- decks.source_titles follows the deck's sources whoever writes them (the deck service adds, removes
-- and clones sources; the ingest worker renames a source after its document): recomputed from the
-- rows themselves, so it can never drift. Deleting a deck deletes its sources after the deck row, so
-- the update then finds no deck and does nothing.
CREATE FUNCTION decks_refresh_source_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE decks SET source_titles = coalesce(
      (SELECT string_agg(s.title, ' ' ORDER BY s.created_at, s.id) FROM sources s WHERE s.deck_id = OLD.deck_id), '')
    WHERE id = OLD.deck_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.deck_id <> OLD.deck_id THEN
    UPDATE decks SET source_titles = coalesce(
      (SELECT string_agg(s.title, ' ' ORDER BY s.created_at, s.id) FROM sources s WHERE s.deck_id = NEW.deck_id), '')
    WHERE id = NEW.deck_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sources_refresh_deck_source_titles
  AFTER INSERT OR DELETE OR UPDATE OF title, deck_id ON sources
  FOR EACH ROW EXECUTE FUNCTION decks_refresh_source_titles();--> statement-breakpoint
UPDATE decks d SET source_titles = coalesce(
  (SELECT string_agg(s.title, ' ' ORDER BY s.created_at, s.id) FROM sources s WHERE s.deck_id = d.id), '');
