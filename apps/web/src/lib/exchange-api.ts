import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  exportFilename,
  importDeckResponseSchema,
  importPreviewResponseSchema,
  IMPORT_FILE_FIELD,
  type ExportFormat,
  type ImportDeckResponse,
} from '@mnemo/contracts/api/exchange';
import { api, type ApiClient } from './api';
import { spacesQueryKey } from './spaces';
import { spaceQueryKey } from './space-api';

/** Deck exchange calls (issue 24), typed by the contracts. */
export function exchangeCalls(client: ApiClient = api) {
  return {
    /** GET /decks/:id/export: the file's bytes. */
    exportDeck: (deckId: string, format: ExportFormat) =>
      client.get<Blob>(`/decks/${deckId}/export`, { query: { format }, download: true }),
    /** POST /decks/import/preview: separator, columns and first rows of delimited text. */
    preview: (file: File) => {
      const form = new FormData();
      form.append(IMPORT_FILE_FIELD, file, file.name);
      return client.post('/decks/import/preview', form, { schema: importPreviewResponseSchema });
    },
    /** POST /decks/import: a new deck in the space. */
    importDeck: (file: File, studySpace: string) => {
      const form = new FormData();
      form.append('studySpace', studySpace);
      form.append(IMPORT_FILE_FIELD, file, file.name);
      return client.post('/decks/import', form, { schema: importDeckResponseSchema });
    },
  };
}
export const exchangeApi = exchangeCalls();

/** Saves a deck's export as a file: the browser's download, named as the server names it. */
export async function downloadDeck(deck: { _id: string; title: string }, format: ExportFormat): Promise<void> {
  const blob = await exchangeApi.exportDeck(deck._id, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFilename(deck.title, format);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "312 cards imported, 3 skipped: empty front" (the most frequent reason). */
export function importResultLine(result: Pick<ImportDeckResponse, 'imported' | 'skipped'>): string {
  const cards = `${result.imported} ${result.imported === 1 ? 'card' : 'cards'} imported`;
  if (result.skipped.length === 0) return cards;
  const counts = new Map<string, number>();
  for (const s of result.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  return `${cards}, ${result.skipped.length} skipped: ${top}${counts.size > 1 ? ' and other reasons' : ''}`;
}

/** The import mutation; the space and the deck lists reload once it succeeds. */
export function useImportDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, studySpace }: { file: File; studySpace: string }) => exchangeApi.importDeck(file, studySpace),
    onSuccess: (_answer, { studySpace }) => {
      void queryClient.invalidateQueries({ queryKey: spaceQueryKey(studySpace) });
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['decks'] });
    },
  });
}
