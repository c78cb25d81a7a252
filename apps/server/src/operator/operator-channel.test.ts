import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createConnection, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  listenOperatorChannel,
  type OperatorRequest,
  operatorSocketPath,
  sendOperatorRequest,
} from './operator-channel';

describe('operator channel', () => {
  let dir: string;
  let server: Server | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-channel-'));
  });
  afterEach(async () => {
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries one request to the handler and its reply back, on a socket only its owner can open', async () => {
    const seen: OperatorRequest[] = [];
    const socket = operatorSocketPath(dir);
    expect(socket).toBe(path.join(dir, 'stratos.sock'));
    server = await listenOperatorChannel(socket, async (request) => {
      seen.push(request);
      return { ok: true, lines: ['done'] };
    });
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(await sendOperatorRequest(socket, { command: 'migrate' })).toEqual({ ok: true, lines: ['done'] });
    expect(seen).toEqual([{ command: 'migrate' }]);
  });

  it('answers a malformed request with an error instead of running anything', async () => {
    const socket = operatorSocketPath(dir);
    let calls = 0;
    server = await listenOperatorChannel(socket, async () => {
      calls++;
      return { ok: true, lines: [] };
    });
    const reply = await new Promise<string>((resolve, reject) => {
      let text = '';
      const conn = createConnection(socket, () => conn.write('not json\n'));
      conn.on('data', (d) => {
        text += d.toString();
      });
      conn.on('end', () => resolve(text));
      conn.on('error', reject);
    });
    expect(JSON.parse(reply)).toEqual({ ok: false, error: 'Malformed request', operatorError: true });
    expect(calls).toBe(0);
  });

  it('puts the socket of a deep data directory in a private folder of the temp directory', () => {
    const deep = path.join(dir, 'x'.repeat(120));
    const socket = operatorSocketPath(deep);
    expect(socket.startsWith(tmpdir())).toBe(true);
    expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(100);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect(operatorSocketPath(deep)).toBe(socket);
  });
});
