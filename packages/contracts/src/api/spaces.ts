import { z } from 'zod';
import { dataWrapper, idSchema, successFlag } from '../common';
import { SPACE_DESCRIPTION_MAX, spaceSchema, spaceTitleSchema } from '../entities/space';

/** Study-space calls of spec 01 §7. Every answer is wrapped in `data`, as the spec shows. */

export const spaceParamsSchema = z.object({ id: idSchema });

export const listSpacesResponseSchema = dataWrapper(z.array(spaceSchema)).extend({
  success: successFlag,
});
export type ListSpacesResponse = z.output<typeof listSpacesResponseSchema>;

export const spaceResponseSchema = dataWrapper(spaceSchema).extend({ success: successFlag });
export type SpaceResponse = z.output<typeof spaceResponseSchema>;

export const createSpaceBodySchema = z.object({
  title: spaceTitleSchema,
  description: z.string().trim().max(SPACE_DESCRIPTION_MAX).optional(),
});
export type CreateSpaceBody = z.input<typeof createSpaceBodySchema>;

export const updateSpaceBodySchema = z.object({
  title: spaceTitleSchema.optional(),
  description: z.string().trim().max(SPACE_DESCRIPTION_MAX).optional(),
});
export type UpdateSpaceBody = z.input<typeof updateSpaceBodySchema>;

/**
 * DELETE /spaces/:id answers the space as it was, in `data` (the spec says only "wrapped in data").
 * The space's decks are deleted with it.
 */
// not shown in the spec: our design (the content of `data`).
export const deleteSpaceResponseSchema = spaceResponseSchema;
export type DeleteSpaceResponse = SpaceResponse;
