import { randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const MiB = 1024 * 1024;
let dir: string | undefined;
const made = new Map<number, Promise<string>>();

/**
 * A file of `bytes` incompressible bytes under os.tmpdir(), written once per run from one reused
 * 4 MiB buffer and removed when the run exits.
 */
export function sourceFile(bytes: number): Promise<string> {
  if (!dir) {
    const d = mkdtempSync(path.join(tmpdir(), 'stratos-bench-source-'));
    dir = d;
    process.on('exit', () => rmSync(d, { recursive: true, force: true }));
  }
  const base = dir;
  let file = made.get(bytes);
  if (!file) {
    file = (async () => {
      const name = path.join(base, `source-${bytes}.bin`);
      const handle = await open(name, 'w');
      const block = Buffer.allocUnsafe(4 * MiB);
      try {
        for (let written = 0; written < bytes; written += block.length) {
          randomFillSync(block);
          await handle.write(block, 0, Math.min(block.length, bytes - written));
        }
      } finally {
        await handle.close();
      }
      return name;
    })();
    made.set(bytes, file);
  }
  return file;
}
