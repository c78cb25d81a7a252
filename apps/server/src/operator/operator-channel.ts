import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The local-only channel through which `npm run cli` asks a running PGlite server to carry out an
 * operator command with its own database (a second process may not open it). A Unix domain
 * socket in DATA_DIR, readable and writable by its owner only (a named pipe on Windows); one JSON
 * request and one JSON reply per connection, the reply preceded by
 * `{"progress": ...}` lines while a long command runs.
 */
export type OperatorRequest =
  | { command: 'migrate' }
  | {
      command: 'create-superadmin';
      email: string;
      password?: string;
      firstName?: string;
      lastName?: string;
    }
  /** `file` is absolute: the server resolves nothing against its own working directory. */
  | { command: 'backup'; file: string }
  | { command: 'restore'; file: string }
  /** Seeding of the eight AI tables; `scale` seeds that fraction of every target. */
  | { command: 'seed'; action: 'smart' | 'real' | 'check' | 'clear'; scale?: number };

export type OperatorReply =
  | { ok: true; lines: string[] }
  | { ok: false; error: string; operatorError: boolean };

/** Progress of a long command (a seed), sent as lines of its own before the reply. */
export type OperatorProgress = (progress: unknown) => void;

export type OperatorHandler = (
  request: OperatorRequest,
  progress: OperatorProgress,
) => Promise<OperatorReply>;

/** Linux allows 108 bytes in a socket path (macOS 104): a deep DATA_DIR gets one in the temp dir. */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 64 * 1024;

export function operatorSocketPath(dataDir: string): string {
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\?\\pipe\\stratos-${hash}`;
  const inDataDir = path.join(path.resolve(dataDir), 'stratos.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  const dir = path.join(tmpdir(), `stratos-${process.getuid?.() ?? 'user'}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return path.join(dir, `${hash}.sock`);
}

/** Listens on `socketPath` (replacing a dead server's leftover socket file). */
export async function listenOperatorChannel(socketPath: string, handle: OperatorHandler): Promise<Server> {
  if (process.platform !== 'win32') rmSync(socketPath, { force: true });
  const server = createServer((socket) => serve(socket, handle));
  // The socket file is created with the process umask: narrow it for the bind, which happens
  // synchronously inside listen(), and restore it at once.
  const umask = process.platform === 'win32' ? undefined : process.umask(0o177);
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  try {
    server.listen(socketPath);
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  await listening;
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  return server;
}

function serve(socket: Socket, handle: OperatorHandler): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > MAX_REQUEST_BYTES) {
      socket.end(`${JSON.stringify({ ok: false, error: 'Request too large', operatorError: true })}\n`);
      return;
    }
    const newline = buffer.indexOf('\n');
    if (newline < 0) return;
    socket.pause();
    let request: OperatorRequest;
    try {
      request = JSON.parse(buffer.slice(0, newline)) as OperatorRequest;
    } catch {
      socket.end(`${JSON.stringify({ ok: false, error: 'Malformed request', operatorError: true })}\n`);
      return;
    }
    const progress: OperatorProgress = (p) => {
      if (!socket.writableEnded) socket.write(`${JSON.stringify({ progress: p })}\n`);
    };
    handle(request, progress).then(
      (reply) => socket.end(`${JSON.stringify(reply)}\n`),
      (err: Error) =>
        socket.end(`${JSON.stringify({ ok: false, error: err.message, operatorError: false })}\n`),
    );
  });
}

/** Sends one request to the server listening on `socketPath` and waits for its reply. */
export function sendOperatorRequest(
  socketPath: string,
  request: OperatorRequest,
  timeoutMs = 60_000,
  onProgress?: OperatorProgress,
): Promise<OperatorReply> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let buffer = '';
    let reply: OperatorReply | null = null;
    // Each line is a progress report or, last, the reply.
    const take = (line: string) => {
      if (!line.trim()) return;
      const message = JSON.parse(line) as OperatorReply | { progress: unknown };
      if ('progress' in message) onProgress?.(message.progress);
      else reply = message;
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer in time.')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      try {
        while (newline >= 0) {
          take(buffer.slice(0, newline));
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
        }
      } catch {
        socket.destroy(new Error('The server closed the channel without an answer.'));
      }
    });
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        take(buffer);
      } catch {
        // fall through: no reply
      }
      if (reply) resolve(reply);
      else reject(new Error('The server closed the channel without an answer.'));
    });
  });
}
