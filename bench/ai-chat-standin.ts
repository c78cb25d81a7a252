/**
 * The Ollama stand-in of the chat benchmark, in a process of its own (forked by ai-chat.bench.ts),
 * so a provider's work does not share the server's thread, as a real provider's would not.
 *
 * Two addresses: the stand-in itself, answering at once, and a "thinking" front that waits
 * `FIRST_TOKEN_DELAY_MS` before passing a generation on, as a model does before its first token
 * (embedding requests pass at once: a small embedding model answers one sentence in milliseconds).
 * Messages from the parent: `{ type: 'last-body' }` answers with the body of the newest generation.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderStandin } from '../apps/server/test/ai-standins';

const delayMs = Number(process.env.FIRST_TOKEN_DELAY_MS ?? 50);
const standin = await ProviderStandin.start('ollama');
const target = new URL(standin.url);

const thinking = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const embedding = req.url?.startsWith('/api/embed') ?? false;
    setTimeout(
      () => {
        const out = request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (upstream) => {
            res.writeHead(upstream.statusCode ?? 502, upstream.headers);
            // Each piece goes on as it comes, so a streamed reply stays streamed.
            upstream.on('data', (c: Buffer) => res.write(c));
            upstream.on('end', () => res.end());
          },
        );
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(chunks));
      },
      embedding ? 0 : delayMs,
    );
  });
});
await new Promise<void>((resolve) => thinking.listen(0, '127.0.0.1', resolve));
const thinkingUrl = `http://127.0.0.1:${(thinking.address() as AddressInfo).port}`;

// The stand-in records every request; keep only the newest so a long load run stays small.
setInterval(() => {
  if (standin.requests.length > 100) standin.requests.splice(0, standin.requests.length - 1);
}, 200).unref();

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'last-body')
    process.send?.({ type: 'last-body', body: standin.generations.at(-1)?.body ?? null });
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', url: standin.url, thinkingUrl, delayMs });
