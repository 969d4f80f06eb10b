CREATE TABLE "deck_new_questions" (
	"deck_id" uuid PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_card_days" (
	"owner_id" uuid NOT NULL,
	"deck_id" uuid NOT NULL,
	"interday" boolean NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "review_card_days_owner_id_deck_id_interday_day_pk" PRIMARY KEY("owner_id","deck_id","interday","day")
);
--> statement-breakpoint
ALTER TABLE "deck_new_questions" ADD CONSTRAINT "deck_new_questions_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_card_days" ADD CONSTRAINT "review_card_days_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the triggers that keep review_card_days and deck_new_questions (see their comments
-- in schema/review.ts), and the counts of the existing rows. Statement-level with transition tables:
-- a bulk insert (an import, a clone) costs one grouped statement, not one call per row. One shift
-- function per table takes the rows added and removed (an update is both), so the three events
-- share one statement. Counts go up through an upsert and down through an update, never an insert:
-- the down side also runs for the rows a deleted deck takes with it, whose counts may be gone already.
-- The card classes are daily-limits.ts' rule: in review, or (re)learning on a step of a day or more.
CREATE FUNCTION review_card_days_shift(added review_cards[], removed review_cards[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT c.*, 1 AS k FROM unnest(added) c
    UNION ALL
    SELECT c.*, -1 FROM unnest(removed) c
  ), delta AS (
    SELECT coalesce(owner_user_id, owner_anon_id) AS owner_id, deck_id, state <> 'review' AS interday,
      (due AT TIME ZONE 'UTC')::date AS day, sum(k)::int AS k
    FROM changed
    WHERE state = 'review' OR (state IN ('learning', 'relearning') AND scheduled_days >= 1)
    GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
  ), up AS (
    INSERT INTO review_card_days AS d (owner_id, deck_id, interday, day, n)
    SELECT owner_id, deck_id, interday, day, k FROM delta WHERE k > 0
    ON CONFLICT (owner_id, deck_id, interday, day) DO UPDATE SET n = d.n + excluded.n
  )
  UPDATE review_card_days d SET n = d.n + x.k FROM delta x
  WHERE x.k < 0 AND d.owner_id = x.owner_id AND d.deck_id = x.deck_id AND d.interday = x.interday AND d.day = x.day;
  -- A day whose cards all moved on leaves no row: the sums read only days that still hold cards.
  IF cardinality(removed) > 0 THEN
    DELETE FROM review_card_days d
    USING (SELECT DISTINCT coalesce(owner_user_id, owner_anon_id) AS owner_id, deck_id FROM unnest(removed)) o
    WHERE d.owner_id = o.owner_id AND d.deck_id = o.deck_id AND d.n <= 0;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION review_cards_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_card_days_shift(ARRAY(SELECT ROW(c.*)::review_cards FROM new_cards c), '{}'::review_cards[]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION review_cards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_card_days_shift(ARRAY(SELECT ROW(c.*)::review_cards FROM new_cards c), ARRAY(SELECT ROW(c.*)::review_cards FROM old_cards c));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION review_cards_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_card_days_shift('{}'::review_cards[], ARRAY(SELECT ROW(c.*)::review_cards FROM old_cards c));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION review_cards_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_card_days;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- One trigger per event: a trigger with transition tables may not list columns or share events.
CREATE TRIGGER review_cards_days_insert AFTER INSERT ON review_cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION review_cards_added();--> statement-breakpoint
CREATE TRIGGER review_cards_days_update AFTER UPDATE ON review_cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION review_cards_changed();--> statement-breakpoint
CREATE TRIGGER review_cards_days_delete AFTER DELETE ON review_cards
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION review_cards_removed();--> statement-breakpoint
CREATE TRIGGER review_cards_days_truncate AFTER TRUNCATE ON review_cards
  FOR EACH STATEMENT EXECUTE FUNCTION review_cards_truncated();--> statement-breakpoint
-- Questions: the decks of the never-studied rows added and removed.
CREATE FUNCTION deck_new_questions_shift(added uuid[], removed uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT deck_id, 1 AS k FROM unnest(added) deck_id
    UNION ALL
    SELECT deck_id, -1 FROM unnest(removed) deck_id
  ), delta AS (
    SELECT deck_id, sum(k)::int AS k FROM changed GROUP BY 1 HAVING sum(k) <> 0
  ), up AS (
    INSERT INTO deck_new_questions AS d (deck_id, n)
    SELECT deck_id, k FROM delta WHERE k > 0
    ON CONFLICT (deck_id) DO UPDATE SET n = d.n + excluded.n
  )
  UPDATE deck_new_questions d SET n = d.n + x.k FROM delta x WHERE x.k < 0 AND d.deck_id = x.deck_id;
END;
$$;--> statement-breakpoint
CREATE FUNCTION questions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deck_new_questions_shift(ARRAY(SELECT q.deck_id FROM new_questions q WHERE NOT q.studied), '{}');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION questions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deck_new_questions_shift(
    ARRAY(SELECT q.deck_id FROM new_questions q WHERE NOT q.studied),
    ARRAY(SELECT q.deck_id FROM old_questions q WHERE NOT q.studied));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION questions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deck_new_questions_shift('{}', ARRAY(SELECT q.deck_id FROM old_questions q WHERE NOT q.studied));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION questions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deck_new_questions SET n = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER questions_new_count_insert AFTER INSERT ON questions
  REFERENCING NEW TABLE AS new_questions FOR EACH STATEMENT EXECUTE FUNCTION questions_added();--> statement-breakpoint
CREATE TRIGGER questions_new_count_update AFTER UPDATE ON questions
  REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions FOR EACH STATEMENT EXECUTE FUNCTION questions_changed();--> statement-breakpoint
CREATE TRIGGER questions_new_count_delete AFTER DELETE ON questions
  REFERENCING OLD TABLE AS old_questions FOR EACH STATEMENT EXECUTE FUNCTION questions_removed();--> statement-breakpoint
CREATE TRIGGER questions_new_count_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION questions_truncated();--> statement-breakpoint
INSERT INTO review_card_days (owner_id, deck_id, interday, day, n)
SELECT coalesce(c.owner_user_id, c.owner_anon_id), c.deck_id, c.state <> 'review', (c.due AT TIME ZONE 'UTC')::date, count(*)
FROM review_cards c
WHERE c.state = 'review' OR (c.state IN ('learning', 'relearning') AND c.scheduled_days >= 1)
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO deck_new_questions (deck_id, n)
SELECT q.deck_id, count(*) FROM questions q WHERE NOT q.studied GROUP BY 1;
