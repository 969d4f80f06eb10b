import { z } from 'zod';
import { checkoutBodySchema } from '@mnemo/contracts/api/payment';
import { contractSchema, publicUrlOf, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import type { PaymentService } from './payment.service';

/** A portal call may arrive with a JSON content type and no body: that is `{}`. */
const emptyBody = z.preprocess((b) => b ?? {}, checkoutBodySchema);

/** POST /payment/create-checkout-session and /payment/create-billing-portal (spec 01 §7). */
export const paymentRoutes: RoutesPlugin<{ service: PaymentService; publicUrl: string | undefined }> = async (
  app,
  { service, publicUrl },
) => {
  app.post('/payment/create-checkout-session', { schema: { ...contractSchema('POST /payment/create-checkout-session'), body: emptyBody } }, async (request) =>
    service.createCheckout(requireUser(request).userId, request.body.referralCode ?? null, publicUrlOf(request, publicUrl)),
  );

  app.post('/payment/create-billing-portal', { schema: contractSchema('POST /payment/create-billing-portal') }, async (request) =>
    service.createPortal(requireUser(request).userId, publicUrlOf(request, publicUrl)),
  );
};
