import { createHash } from 'node:crypto';
import http from 'node:http';

/** Calls against a real server process (fetch), as a browser or a script would make them. */
export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 200 || !body.token)
    throw new Error(`sign-in failed (${res.status}): ${JSON.stringify(body)}`);
  return body.token;
}

export interface ListedFile {
  id: string;
  name: string;
  size: number;
}

export async function listFiles(url: string, token: string): Promise<ListedFile[]> {
  const res = await fetch(`${url}/api/files`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`listing failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { files: ListedFile[] }).files;
}

export async function downloadFile(url: string, token: string, id: string): Promise<Buffer> {
  const link = await fetch(`${url}/api/files/${id}/download-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (link.status !== 200) throw new Error(`download link failed (${link.status}): ${await link.text()}`);
  const { url: path } = (await link.json()) as { url: string };
  const res = await fetch(`${url}${path}`);
  if (res.status !== 200) throw new Error(`download failed (${res.status})`);
  return Buffer.from(await res.arrayBuffer());
}

/** A request whose body the test writes piece by piece, and whose answer it awaits later. */
export interface OpenRequest {
  write(chunk: Buffer): Promise<void>;
  end(): void;
  response: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

export function openRequest(
  url: string,
  method: string,
  headers: Record<string, string | number>,
): OpenRequest {
  // Its own connection: a pooled keep-alive one could be the one the server closes as idle.
  const req = http.request(url, { method, headers, agent: false });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      });
    },
  );
  // Not awaited here: a test that never ends the request still sees the rejection when it awaits.
  response.catch(() => {});
  return {
    write: (chunk) =>
      new Promise((resolve, reject) => req.write(chunk, (err) => (err ? reject(err) : resolve()))),
    end: () => req.end(),
    response,
  };
}
