import { z } from 'zod';
import { successSchema } from '../common';

/** POST /mobile/send-link (spec 01 §7): mails the visitor a link to open on a desktop. */
export const sendLinkBodySchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
});
export type SendLinkBody = z.input<typeof sendLinkBodySchema>;
// not shown in the spec: our design (the client reads only the OK status).
export const sendLinkResponseSchema = successSchema.extend({ message: z.string().optional() });
export type SendLinkResponse = z.output<typeof sendLinkResponseSchema>;
