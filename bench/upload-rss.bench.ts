import { TUS_ENDPOINT } from '@stratos/contracts/files/upload.schema';
import type { Engine } from './engine';
import { budget, type Figure, median, spread } from './figure';
import { type ClientJob, transferClient } from './files-client';
import { sleep } from './support';
import { MiB, sourceFile } from './test-files';
import { TUS_CHUNK_BYTES, transferServer } from './transfer.bench';

const BYTES = Number(process.env.BENCH_RSS_MIB ?? 1024) * MiB;
const BUDGET_MIB = 64;

/**
 * Memory of a fresh server process while a 1 GiB file uploads, over its own idle memory before
 * its first upload: the server is started on a warm data directory and sits idle (no request but
 * the health check that said it was up) while its resident memory is sampled for a second (the
 * median is the baseline); then its peak is reset (Linux clear_refs) and one upload streams in,
 * from a client process of its own. The growth is the peak resident memory of the server's
 * process tree (the kernel's high-water mark, and 20 ms samples) minus the baseline. Once for a
 * multipart upload and once for a tus upload (64 MiB PATCHes, as the web app sends it), each on
 * a server of its own.
 */
export async function uploadRssBench(engine: Engine): Promise<Figure[]> {
  const source = await sourceFile(BYTES);
  const target = await transferServer(engine);
  const figures: Figure[] = [];
  try {
    const jobs: [string, (url: string) => ClientJob][] = [
      [
        'multipart POST /api/files/upload',
        (url) => ({
          kind: 'multipart',
          url: `${url}/api/files/upload`,
          headers: target.headers(),
          file: source,
          filename: 'rss.bin',
        }),
      ],
      [
        `tus, PATCHes of ${TUS_CHUNK_BYTES / MiB} MiB`,
        (url) => ({
          kind: 'tus',
          url: `${url}${TUS_ENDPOINT}`,
          headers: target.headers(),
          file: source,
          filename: 'rss.bin',
          chunkBytes: TUS_CHUNK_BYTES,
        }),
      ],
    ];
    for (const [what, job] of jobs) {
      const server = await target.start();
      try {
        await sleep(1000);
        const idleSamples: number[] = [];
        for (let i = 0; i < 20; i++) {
          idleSamples.push(server.rss());
          await sleep(50);
        }
        const idle = median(idleSamples);
        const kernelPeak = server.resetPeak();
        let sampled = idle;
        const sampler = setInterval(() => {
          sampled = Math.max(sampled, server.rss());
        }, 20);
        const r = await transferClient(job(server.url)).finally(() => clearInterval(sampler));
        if (r.status < 200 || r.status > 204)
          throw new Error(`${what} answered ${r.status}: ${r.body.slice(0, 300)}`);
        const peak = Math.max(sampled, kernelPeak ? server.peak() : 0);
        const growth = (peak - idle) / MiB;
        figures.push(
          budget({
            name: `server memory growth while ${BYTES / MiB} MiB upload (${what}), fresh process, over its idle ${Math.round(idle / MiB)} MiB`,
            engine: engine.name,
            unit: 'MiB',
            value: spread([growth]),
            budget: BUDGET_MIB,
            digits: 1,
          }),
        );
      } finally {
        await server.stop();
      }
    }
    return figures;
  } finally {
    await target.data.remove();
  }
}
