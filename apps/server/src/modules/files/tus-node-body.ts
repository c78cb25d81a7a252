import type { IncomingMessage } from 'node:http';
import { type CancellationContext, ERRORS, EVENTS, type Server, type Upload } from '@tus/server';
import type { TusLocalStore } from './tus-local-store';

/** How often a long PATCH reports its progress (as @tus/server's postReceiveInterval default). */
const PROGRESS_EVERY_MS = 1000;

/** A PATCH body handed over as the Node request it is. */
class NodeBody {
  constructor(readonly req: IncomingMessage) {}
}

/** The parts of @tus/server's PATCH handler this module takes over (see its BaseHandler). */
interface PatchHandlerInternals {
  send(req: Request, context: CancellationContext, headers?: Headers): Promise<Response>;
  writeToStore(
    body: ReadableStream | NodeBody | null,
    upload: Upload,
    maxBodySize: number,
    context: CancellationContext,
  ): Promise<number>;
  emit(event: string, ...args: unknown[]): boolean;
}

/**
 * @tus/server reads a PATCH body as a web stream: srvx wraps the Node request in one
 * (Readable.toWeb), the handler turns it back (Readable.fromWeb) and pipes it through a
 * PassThrough and a size limiter into the store, four stream hops and promises per 64 KiB. For
 * the local store, the PATCH handler hands the Node request itself to `store.writeFrom`; tus
 * still does everything else (headers, lock, offsets, hooks, answers). Where the library's shape
 * is not the one expected, its own path runs unchanged.
 */
export function readPatchBodiesDirectly(
  server: Server,
  store: TusLocalStore,
  nodeRequest: (req: Request) => IncomingMessage | undefined,
  /** Runs the write (the caller may do other work alongside it); by default just the write. */
  around: (req: IncomingMessage, upload: Upload, write: () => Promise<number>) => Promise<number> = (
    _req,
    _upload,
    write,
  ) => write(),
): void {
  const handler = server.handlers.PATCH as unknown as PatchHandlerInternals;
  const send = handler.send.bind(handler);
  const writeToStore = handler.writeToStore.bind(handler);
  if (typeof send !== 'function' || typeof writeToStore !== 'function') return;
  handler.send = (req, context, headers) => {
    const node = nodeRequest(req);
    if (node) {
      try {
        // Shadows srvx's lazy `body` getter before anything asks for it: no web stream is made.
        Object.defineProperty(req, 'body', { value: new NodeBody(node), configurable: true });
      } catch {
        // left as it is: the library's path
      }
    }
    return send(req, context, headers);
  };
  handler.writeToStore = async (body, upload, maxBodySize, context) => {
    if (!(body instanceof NodeBody)) return writeToStore(body, upload, maxBodySize, context);
    if (context.signal.aborted) throw ERRORS.ABORTED;
    let reportedAt = Date.now();
    return around(body.req, upload, () =>
      store.writeFrom(body.req, upload.id, upload.offset, {
        maxBytes: maxBodySize,
        signal: context.signal,
        onProgress: (offset) => {
          const now = Date.now();
          if (now - reportedAt < PROGRESS_EVERY_MS) return;
          reportedAt = now;
          handler.emit(EVENTS.POST_RECEIVE, body.req, { ...upload, offset });
        },
      }),
    );
  };
}
