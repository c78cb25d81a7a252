import { lookup } from 'node:dns/promises';
import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../../lib/app-error';

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/** Only addresses on the public internet: everything else (private, loopback, link-local, ...) is refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

const origin = (u: URL) => `${u.protocol}//${u.host}`;

/**
 * A base URL a superadmin may store: http(s), and every address its host resolves to is public,
 * unless it is the configured Ollama host itself (the one private address we talk to on purpose).
 * Returns the URL without a trailing slash.
 */
export async function checkBaseUrl(
  raw: string,
  ollamaUrl: string,
  resolve: Resolver = systemResolver,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(AI_MESSAGES.baseUrlInvalid, 'AI_BASE_URL_INVALID');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw badRequest(AI_MESSAGES.baseUrlInvalid, 'AI_BASE_URL_INVALID');
  }
  const normalised = url.toString().replace(/\/+$/, '');
  if (origin(url) === origin(new URL(ollamaUrl))) return normalised;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badRequest(`The host ${host} could not be resolved`, 'AI_BASE_URL_UNRESOLVED');
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw badRequest(AI_MESSAGES.baseUrlPrivate, 'AI_BASE_URL_PRIVATE');
  }
  return normalised;
}
