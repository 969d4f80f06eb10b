import { z } from 'zod';
import {
  CARD_COUNT_MAX,
  CARD_COUNT_MIN,
  questionTypeSchema,
} from '@mnemo/contracts/entities/question';
import {
  LOCAL_KEYS,
  browserLocalStorage,
  readKey,
  removeKey,
  writeKey,
  type KeyValueStorage,
} from './storage-keys';

/**
 * The pending card-generation request (spec 01 §3, §4.2; spec 02 §3, §4): the creation page saves
 * it in localStorage right before it opens the new deck's edit screen, and the edit screen takes it
 * when its deckId matches (removed first, then the generation runs), so a reload never generates
 * twice.
 */
export const pendingGenerationSchema = z.object({
  deckId: z.string().min(1),
  /** Cards to generate: the chosen length (10, 25, 40) or a guest's 20. */
  count: z.number().int().min(CARD_COUNT_MIN).max(CARD_COUNT_MAX),
  questionTypes: z.array(questionTypeSchema).min(1),
  /** The focus area, null when none was given. */
  focusInstructions: z
    .string()
    .nullish()
    .transform((text) => (text?.trim() ? text.trim() : null)),
});
export type PendingGeneration = z.output<typeof pendingGenerationSchema>;
export type PendingGenerationInput = z.input<typeof pendingGenerationSchema>;

const local = (): KeyValueStorage | null => browserLocalStorage();

/** Stores the request, replacing any earlier one; false when the browser refuses to store it. */
export function savePendingGeneration(
  record: PendingGenerationInput,
  storage: KeyValueStorage | null = local(),
): boolean {
  const parsed = pendingGenerationSchema.parse(record);
  return writeKey(storage, LOCAL_KEYS.pendingCardGeneration, JSON.stringify(parsed));
}

/** The stored request, or null when there is none or it is unreadable. Leaves it in place. */
export function readPendingGeneration(
  storage: KeyValueStorage | null = local(),
): PendingGeneration | null {
  const raw = readKey(storage, LOCAL_KEYS.pendingCardGeneration);
  if (!raw) return null;
  try {
    const parsed = pendingGenerationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Takes the request for `deckId`: removes it from storage and returns it. A request for another
 * deck stays where it is (null); an unreadable one is removed (null), since nothing can use it.
 */
export function takePendingGeneration(
  deckId: string,
  storage: KeyValueStorage | null = local(),
): PendingGeneration | null {
  const raw = readKey(storage, LOCAL_KEYS.pendingCardGeneration);
  if (!raw) return null;
  const record = readPendingGeneration(storage);
  if (!record) {
    removeKey(storage, LOCAL_KEYS.pendingCardGeneration);
    return null;
  }
  if (record.deckId !== deckId) return null;
  removeKey(storage, LOCAL_KEYS.pendingCardGeneration);
  return record;
}
