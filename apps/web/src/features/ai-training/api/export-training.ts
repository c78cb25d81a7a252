import type { TrainingFilter } from '@stratos/contracts/ai/training.schema';
import { ApiError } from '../../../lib/api-error';
import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';

async function token(): Promise<string | null> {
  const t = authSession.accessToken();
  if (t && !tokenIsFresh(t)) {
    await authSession.refresh();
    return authSession.accessToken();
  }
  return t;
}

/**
 * GET /api/ai/training/export.jsonl: the included examples matching the filters, streamed by the
 * server as JSONL; saved as a file. The bearer token goes in a header, so it is a fetch, not a link.
 */
export async function exportTraining(filter: TrainingFilter): Promise<{ lines: number }> {
  const url = new URL('/api/ai/training/export.jsonl', window.location.origin);
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const t = await token();
  const res = await fetch(url.pathname + url.search, { headers: t ? { authorization: `Bearer ${t}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'HTTP_ERROR',
      body?.error?.message ?? `Export failed: ${res.status}`,
    );
  }
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'training.jsonl';
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  const text = await blob.text();
  return { lines: text.split('\n').filter(Boolean).length };
}
