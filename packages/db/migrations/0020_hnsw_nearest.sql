-- Hand-written (drizzle-kit generate --custom): the HNSW path of retrieval's vector side
-- (apps/chat retrieval.repository.ts, `nearest`) as one statement. It needs pgvector's iterative
-- scan (the index keeps walking the graph until enough rows pass the deck filter) and an ef_search
-- of its own, local to the query: set through a transaction (begin, set_config, the query, commit)
-- that was four round trips, each holding the single-session embedded database. A function's SET
-- clauses apply for the call alone and are restored when it returns, so a set_config of the same
-- setting inside it is confined to the call too, in or out of a transaction.
-- EXECUTE plans the query with the call's values every time (as the statement sent by the client
-- was), so a generic plan cannot trade the index for a scan of the deck. OR REPLACE: a rerun of
-- the later migrations (chunk-stats.test.ts rewinds to 0018) finds it there.
CREATE OR REPLACE FUNCTION "nearest_chunks_hnsw"(
  "deck" uuid, "source_ids" uuid[], "model" text, "query_vector" vector, "result_limit" integer, "ef_search" integer
) RETURNS TABLE ("id" uuid, "distance" double precision)
LANGUAGE plpgsql
SET "hnsw.iterative_scan" = 'relaxed_order'
SET "hnsw.ef_search" = '40'
AS $$
BEGIN
  PERFORM set_config('hnsw.ef_search', "ef_search"::text, true);
  RETURN QUERY EXECUTE
    'select c.id, c.embedding <=> $4 from source_chunks c where c.deck_id = $1'
    || CASE WHEN "source_ids" IS NULL THEN '' ELSE ' and c.source_id = any($2)' END
    || ' and c.embedding_model = $3 order by c.embedding <=> $4 limit $5'
    USING "deck", "source_ids", "model", "query_vector", "result_limit";
END
$$;
