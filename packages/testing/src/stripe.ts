import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks Stripe's wire format for the calls Mnemo's billing service makes
 * (form-encoded requests, JSON objects and error bodies as the API documents them), driven through
 * the official `stripe` SDK pointed at it with `host`/`port`/`protocol`. It records every request.
 */

export type RecordedStripeRequest = {
  method: string;
  path: string;
  /** The form fields as sent, in Stripe's bracket notation: `subscription_data[trial_period_days]`. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
};

/** A subscription object as API version 2025-03-31 and later shape it (the period on the item). */
export type FakeStripeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid' | 'paused';
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price' };
      quantity: number;
    }[];
    has_more: false;
    url: string;
  };
};

export type FakeStripe = {
  url: string;
  /** For the SDK's options: `{host, port, protocol}`. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  requests: RecordedStripeRequest[];
  /** Stores (or replaces) a subscription that GET /v1/subscriptions/:id answers. */
  putSubscription(sub: FakeStripeSubscription): void;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A subscription object with sensible defaults; `overrides` replaces top-level fields. */
export function fakeStripeSubscription(
  input: { customer: string; priceId: string; status: FakeStripeSubscription['status']; periodEnd: Date; trialEnd?: Date | null } & Partial<
    Omit<FakeStripeSubscription, 'items' | 'trial_end' | 'status' | 'customer'>
  >,
): FakeStripeSubscription {
  const { priceId, periodEnd, trialEnd, ...rest } = input;
  const now = unix(new Date());
  const subId = rest.id ?? id('sub');
  return {
    object: 'subscription',
    trial_start: trialEnd ? now : null,
    cancel_at_period_end: false,
    canceled_at: null,
    created: now,
    livemode: false,
    metadata: {},
    ...rest,
    id: subId,
    trial_end: trialEnd ? unix(trialEnd) : null,
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          current_period_start: now,
          current_period_end: unix(periodEnd),
          price: { id: priceId, object: 'price' },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subId}`,
    },
  };
}

/** Stripe's error body: `{error: {type, code, message, param}}`. */
const stripeError = (status: number, message: string, code = 'resource_missing', param?: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}), doc_url: `https://stripe.com/docs/error-codes/${code}` } },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, FakeStripeSubscription>();

  const answer = (req: RecordedStripeRequest): { status: number; body: unknown } => {
    if (!/^Bearer sk_/.test(String(req.headers.authorization ?? ''))) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const f = req.form;
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      if (!f.success_url) return stripeError(400, 'Missing required param: success_url.', 'parameter_missing', 'success_url');
      const sessionId = id('cs');
      const metadata = Object.fromEntries(
        Object.entries(f)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
      );
      return {
        status: 200,
        body: {
          id: sessionId,
          object: 'checkout.session',
          mode: f.mode ?? 'payment',
          status: 'open',
          client_reference_id: f.client_reference_id ?? null,
          customer: f.customer ?? null,
          customer_email: f.customer_email ?? null,
          subscription: null,
          metadata,
          success_url: f.success_url,
          cancel_url: f.cancel_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
          livemode: false,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      if (!f.customer) return stripeError(400, 'Missing required param: customer.', 'parameter_missing', 'customer');
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: f.customer,
          return_url: f.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${id('live')}`,
          livemode: false,
        },
      };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && sub) {
      const found = subscriptions.get(decodeURIComponent(sub[1]!));
      return found ? { status: 200, body: found } : stripeError(404, `No such subscription: '${sub[1]}'`, 'resource_missing', 'id');
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : text));
      const recorded = { method: request.method ?? 'GET', path: url.pathname, form, headers: request.headers };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    putSubscription: (s) => void subscriptions.set(s.id, s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
