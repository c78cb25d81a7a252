import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A local HTTPS receiver for outgoing webhooks: a self-signed certificate for 127.0.0.1 made with
 * openssl, the requests it got, and the status it answers (settable).
 */
export class HttpsStandin {
  readonly received: ReceivedHook[] = [];
  status = 200;
  private constructor(
    private readonly server: Server,
    readonly ca: string,
    readonly caFile: string,
    private readonly dir: string,
  ) {}

  static async start(): Promise<HttpsStandin> {
    const dir = mkdtempSync(path.join(tmpdir(), 'stratos-https-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    const ca = readFileSync(cert, 'utf8');
    let self: HttpsStandin | null = null;
    const server = createServer({ key: readFileSync(key), cert: ca }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        self?.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(self?.status ?? 500, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new HttpsStandin(server, ca, cert, dir);
    return self;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(p = '/hook'): string {
    return `https://127.0.0.1:${this.port}${p}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
