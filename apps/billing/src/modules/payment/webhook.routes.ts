import { contractResponse, type RoutesPlugin } from '@mnemo/service-kit';
import type { WebhookService } from './webhook.service';

/**
 * POST /payment/webhook. Stripe signs the exact bytes it sent, so this scope keeps the body as a
 * Buffer instead of parsing JSON (parsing and re-serialising would change the bytes). The gateway
 * streams bodies through unchanged. Public: the signature, not a session, proves the caller.
 */
export const webhookRoutes: RoutesPlugin<{ service: WebhookService }> = async (app, { service }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/payment/webhook', { config: { public: true }, schema: { response: contractResponse('POST /payment/webhook') } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return service.receive(raw, typeof signature === 'string' ? signature : undefined);
  });
};
