import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's HTTP API the Stripe adapter uses, in memory:
 * POST /v1/customers, POST /v1/payment_intents (also off-session, confirm=true),
 * GET /v1/payment_intents/:id (expand[]=payment_method), POST /v1/payment_intents/:id/confirm.
 * Form-encoded bodies with bracket keys, Bearer secret keys, Idempotency-Key replay, Stripe's error
 * envelope (card errors are 402 with the intent). Stripe's test payment methods behave as in test
 * mode. It also signs webhook events with the official SDK, as Stripe does.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  off_session: boolean;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: null | { type: 'card_error'; code: string; decline_code?: string; message: string };
  created: number;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, StandInIntent>;
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  /** Every request received: method, path, form fields. */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
  /** What Stripe.js does in the browser: confirms the intent with a test payment method. */
  confirmWithPaymentMethod(id: string, paymentMethod: string): StandInIntent;
  /** A signed webhook delivery (body and headers) for `type` about `object`. */
  webhook(
    type: string,
    object: object,
    opts?: { id?: string; secret?: string },
  ): { id: string; payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

interface TestMethod {
  brand: string;
  last4: string;
  /** Declines every charge (on or off session). */
  decline?: { code: string; decline_code?: string; message: string };
  /** Attaches and pays on session; off-session charges are declined. */
  failsOffSession?: boolean;
}

const DECLINED = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const METHODS: Record<string, TestMethod> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: DECLINED },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', failsOffSession: true },
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses `a[b][0]=c&d=e` into nested objects (arrays stay objects keyed by index). */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const listOf = (v: unknown): string[] =>
  v && typeof v === 'object' ? Object.values(v as object).map(String) : [];
const bool = (v: unknown) => v === 'true';

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${randomBytes(6).toString('hex')}`;
  const publishableKey = `pk_test_standin_${randomBytes(6).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, StandInIntent>();
  const customers: StripeStandIn['customers'] = new Map();
  const requests: StripeStandIn['requests'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const sdk = new Stripe(secretKey);

  function view(pi: StandInIntent, expand: string[]) {
    const method = pi.payment_method ? METHODS[pi.payment_method] : undefined;
    const pm =
      expand.includes('payment_method') && pi.payment_method && method
        ? {
            id: pi.payment_method,
            object: 'payment_method',
            type: 'card',
            customer: pi.customer,
            card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2099 },
          }
        : pi.payment_method;
    const { off_session: _offSession, ...rest } = pi;
    return { ...rest, payment_method: pm, livemode: false };
  }

  function confirm(pi: StandInIntent, paymentMethod: string, offSession: boolean): StandInIntent {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${pi.status}.`,
      });
    }
    const method = METHODS[paymentMethod];
    if (!method) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      });
    }
    pi.payment_method = paymentMethod;
    const decline = method.decline ?? (offSession && method.failsOffSession ? DECLINED : undefined);
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...decline };
      throw new StripeHttpError(402, {
        type: 'card_error',
        ...decline,
        payment_intent: view(pi, []),
      });
    }
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    return pi;
  }

  function route(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams) {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: (body.email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = (body.customer as string) ?? null;
      if (customer && !customers.has(customer)) {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'customer',
          message: `No such customer: '${customer}'`,
        });
      }
      const piId = id('pi');
      const pi: StandInIntent = {
        id: piId,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        payment_method: null,
        setup_future_usage: (body.setup_future_usage as string) ?? null,
        off_session: bool(body.off_session),
        metadata: (body.metadata as Record<string, string>) ?? {},
        receipt_email: (body.receipt_email as string) ?? null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
      };
      if (!Number.isInteger(pi.amount) || pi.amount < 50) {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          param: 'amount',
          message: 'Invalid amount',
        });
      }
      intents.set(pi.id, pi);
      if (bool(body.confirm)) confirm(pi, String(body.payment_method), pi.off_session);
      return view(pi, listOf(body.expand));
    }
    const match = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    const pi = match ? intents.get(decodeURIComponent(match[1] as string)) : undefined;
    if (match && !pi) {
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${match[1]}'`,
      });
    }
    if (pi && method === 'GET' && !match?.[2]) {
      const expand = [...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      return view(pi, expand);
    }
    if (pi && method === 'POST' && match?.[2]) {
      confirm(pi, String(body.payment_method), bool(body.off_session));
      return view(pi, listOf(body.expand));
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseStripeForm(text);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const cacheKey = key && method === 'POST' ? `${url.pathname}|${key}` : null;
      const cached = cacheKey ? replies.get(cacheKey) : undefined;
      if (cached) {
        send(cached.status, cached.body);
        return;
      }
      let status = 200;
      let payload: unknown;
      try {
        payload = route(method, url.pathname, body, url.searchParams);
      } catch (err) {
        if (!(err instanceof StripeHttpError)) throw err;
        status = err.status;
        payload = { error: err.error };
      }
      if (cacheKey) replies.set(cacheKey, { status, body: payload });
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    intents,
    customers,
    requests,
    confirmWithPaymentMethod(piId, paymentMethod) {
      const pi = intents.get(piId);
      if (!pi) throw new Error(`no intent ${piId}`);
      try {
        return confirm(pi, paymentMethod, false);
      } catch (err) {
        if (err instanceof StripeHttpError) return pi;
        throw err;
      }
    },
    webhook(type, object, opts = {}) {
      const eventId = opts.id ?? id('evt');
      const source = object as StandInIntent;
      const data = source.object === 'payment_intent' ? view(source, []) : object;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: data },
      });
      const signature = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
      });
      return {
        id: eventId,
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app's configuration for the Stripe adapter against this stand-in. */
export function stripeEnv(stripe: StripeStandIn): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
}
