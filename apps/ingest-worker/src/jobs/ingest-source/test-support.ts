import { randomUUID } from 'node:crypto';
import type { Db } from '@mnemo/db/client';
import { decks, sources } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';

/**
 * A guest's deck with one website source already moved to processing (attempt 1 unless said), as
 * the deck service leaves it when it enqueues the ingest job: what the worker's tests start from.
 */
export async function insertProcessingSource(
  db: Db,
  { url, deckTitle, title = '', attempt = 1 }: { url: string; deckTitle: string; title?: string; attempt?: number },
) {
  const [deck] = await db
    .insert(decks)
    .values({ ...ownerValues({ anonId: randomUUID() }), title: deckTitle })
    .returning();
  const [source] = await db
    .insert(sources)
    .values({
      deckId: deck!.id,
      type: 'website',
      url,
      title,
      processingStatus: 'processing',
      processingAttempt: attempt,
    })
    .returning();
  return { deck: deck!, source: source! };
}
