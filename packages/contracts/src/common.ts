import { z } from 'zod';

/** Ids are UUIDs, exposed as `_id` because the spec's client reads `_id`. */
export const idSchema = z.uuid();
export const isoDateSchema = z.iso.datetime({ offset: true });

/** `{ data: T }`, the wrapper the spec shows for spaces. */
export const dataWrapper = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });

/**
 * The `success: true` flag. Required in the answers we designed ("not shown" in the spec) and in the
 * two the spec shows with it (upload, source status); optional elsewhere, where the spec's answer has
 * no such field and a client must not depend on it.
 */
export const successSchema = z.object({ success: z.literal(true) });
export const successFlag = z.literal(true).optional();

/** Text that is trimmed, then must be non-empty and at most `max` characters. */
export const requiredText = (max: number, message?: string) =>
  z.string().trim().min(1, message).max(max);

/**
 * `?page&limit` of a paged list. Query values arrive as strings, hence the coercion; a page or limit
 * out of range is refused rather than guessed.
 */
export const pageQuerySchema = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
