import { readFileSync } from 'node:fs';
import { serverLogFile } from './server';

/** Direct API calls the journeys use for set-up, and the mail the server printed. */
export async function api<T = unknown>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginToken(baseURL: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(baseURL, '/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/**
 * The latest 6-digit code mailed to `to`. Without SMTP the server prints each mail whole to its
 * console (the outbox keeps codes hidden, even from admins), so it is read from the console output
 * `startServer` keeps; it waits for a mail that is still on its way. `adminToken` is not needed any
 * more and stays for the callers written against the outbox.
 */
export async function latestCode(baseURL: string, _adminToken: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  let code = codeIn(readLog(baseURL), to);
  while (!code && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    code = codeIn(readLog(baseURL), to);
  }
  if (!code) throw new Error(`no code mailed to ${to} in the server's console output`);
  // A mail sent just before this call may still be in the pipe: let it land, then take the newest.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return codeIn(readLog(baseURL), to) ?? code;
}

function readLog(baseURL: string): string {
  try {
    return readFileSync(serverLogFile(baseURL), 'utf8');
  } catch {
    return '';
  }
}

/** The code of the newest mail to `to` in pino's JSON lines (`MAIL to <address>: <subject>\n<text>`). */
function codeIn(log: string, to: string): string | undefined {
  const address = to.toLowerCase();
  let code: string | undefined;
  for (const line of log.split('\n')) {
    if (!line.includes('"mail"')) continue;
    let entry: { mail?: { to?: string }; msg?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.mail?.to !== address) continue;
    code = entry.msg?.match(/^(\d{6})$/m)?.[1] ?? code;
  }
  return code;
}
