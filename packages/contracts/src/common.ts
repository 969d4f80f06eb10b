import { z } from 'zod';

/** Ids are UUIDs, exposed as `_id` because the spec's client reads `_id`. */
export const idSchema = z.uuid();
export const isoDateSchema = z.iso.datetime({ offset: true });

/** `{ data: T }`, the wrapper the spec shows for spaces. */
export const dataWrapper = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
