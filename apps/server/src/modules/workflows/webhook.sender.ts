import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { isPublicAddress } from '../ai/providers/base-url-rule';

/** A webhook's reply is not awaited longer than this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  /** host:port pairs that may resolve to private addresses (a test stand-in, an operator's own service). */
  allowHosts: readonly string[];
  /** Extra trusted CA certificates in PEM (a private PKI; a test's self-signed stand-in). */
  ca?: string;
}

export class WebhookRefusedError extends Error {}

/** `sha256=<hex>` over `<timestamp>.<body>`: what a receiver recomputes with the workflow's secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * POSTs a signed JSON body to an HTTPS URL. SSRF-safe like provider base URLs: every address the
 * host resolves to must be public, and the check happens in the connection's own lookup, so the
 * address checked is the address connected to (no second resolution a rebinding DNS could change).
 */
export async function sendWebhook(
  rawUrl: string,
  payload: unknown,
  secret: string,
  opts: WebhookOptions,
  now: Date,
  /** The same for every attempt of one step of one run: the receiver's dedupe key. */
  deliveryId: string,
): Promise<{ status: number }> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:') throw new WebhookRefusedError('A webhook URL must start with https://');
  if (url.username || url.password) throw new WebhookRefusedError('A webhook URL cannot carry credentials');
  const hostPort = `${url.hostname}:${url.port || '443'}`;
  const allowPrivate = opts.allowHosts.includes(hostPort);
  // A literal address is connected to without a lookup: checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) {
    throw new WebhookRefusedError('The webhook host resolves to a private address');
  }
  const checkedLookup: LookupFunction = (host, options, callback) => {
    lookup(host, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as { address: string; family: number }[];
      if (!allowPrivate && (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))) {
        return callback(new WebhookRefusedError('The webhook host resolves to a private address'), '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: typeof list) => void)(null, list);
      const first = list[0] as { address: string; family: number };
      callback(null, first.address, first.family);
    });
  };
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        lookup: checkedLookup,
        // Added to the public roots, not instead of them: a private CA must not break public hooks.
        ca: opts.ca ? [...rootCertificates, opts.ca] : undefined,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Stratos-Workflows/1',
          'x-stratos-timestamp': timestamp,
          'x-stratos-delivery': deliveryId,
          'x-stratos-signature': signWebhook(secret, timestamp, body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new Error(`The webhook answered HTTP ${status}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('The webhook did not answer in time')));
    req.on('error', (err) => reject(err));
    req.end(body);
  });
}
