-- Hand-edited: drizzle-kit drops and rebuilds the index to change a storage parameter; ALTER INDEX
-- sets it in place (a rebuild of a 100,000-chunk deck's index takes minutes). Lowering the limit does
-- not flush what is already pending, so the list is merged into the index here once.
ALTER INDEX "source_chunks_tsv_gin" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('source_chunks_tsv_gin'::regclass);
