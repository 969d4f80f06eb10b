/**
 * Caps of the format layer: what one file may hold before any plan limit is looked at. They keep a
 * hostile file from exhausting memory; the deck service applies the learner's plan (cards per deck)
 * on top, with its own 402 answer.
 */

/** Questions (rows, notes, cards) one import reads at most. */
export const MAX_IMPORT_QUESTIONS = 20_000;
/** Sources (their metadata) one Mnemo JSON file may carry; a deck made in Mnemo has a handful. */
export const MAX_IMPORT_SOURCES = 1_000;
/** Characters of one cell or note field. A card is text; 100k characters is a long chapter. */
export const MAX_CELL_CHARS = 100_000;
/** Characters of a whole delimited or JSON text (about 64 MB of UTF-16). */
export const MAX_TEXT_CHARS = 32 * 1024 * 1024;

/** The zip of an .apkg: a collection, a media map and media files. */
export const APKG_ZIP_LIMITS = {
  maxEntries: 20_000,
  /** One entry unpacked (the collection database). */
  maxEntryBytes: 256 * 1024 * 1024,
  /** All entries unpacked. */
  maxTotalBytes: 512 * 1024 * 1024,
  /** SQLite and text compress well, but not past this for an entry bigger than the floor. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;
