import { z } from 'zod';

/**
 * Text Postgres cannot store. A `text` value cannot hold U+0000 (the driver's insert fails, and
 * a request became a 500), and a lone UTF-16 surrogate (a `\ud800` escape in JSON) has no UTF-8
 * form: the driver would silently turn it into U+FFFD, so what was stored would not be what was
 * sent. Both are refused at the door with 400 INVALID_CHARACTER instead.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const NUL = /\u0000/;
// Without the `u` flag a regular expression sees UTF-16 code units: a high surrogate not followed
// by a low one, or a low one not preceded by a high one. (String#isWellFormed is ES2024.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored (a NUL byte or a broken Unicode escape)';

/** True when Postgres can store the string as sent. */
export const isStorableText = (value: string): boolean => !NUL.test(value) && !LONE_SURROGATE.test(value);

export type UnstorableText = { path: (string | number)[]; message: string };

/**
 * The first string anywhere in a parsed request (object keys included) that Postgres cannot store,
 * with its path; null when there is none. Request schemas are many and written per service, so the
 * service kit runs this once on every body, query and params before their schema rather than each
 * field opting in (see `storableString` for a single field, e.g. a job payload).
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = [], depth = 0): UnstorableText | null {
  // JSON bodies are bounded by the body limit; the depth bound only stops a pathological nesting.
  if (depth > 64) return null;
  if (typeof value === 'string') return isStorableText(value) ? null : { path, message: UNSTORABLE_TEXT_MESSAGE };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return { path: [...path, key], message: UNSTORABLE_TEXT_MESSAGE };
      const found = findUnstorableText(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A string field that refuses what Postgres cannot store (for schemas validated outside a service's routes). */
export const storableString = () => z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
