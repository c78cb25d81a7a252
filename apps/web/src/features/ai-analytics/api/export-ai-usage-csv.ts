import { useMutation } from '@tanstack/react-query';
import type { AiRange } from '../../../lib/ai/ai-range';
import { ApiError } from '../../../lib/api-error';
import { authSession } from '../../../lib/auth-session';
import { triggerDownload } from '../../../lib/trigger-download';

async function fetchCsv(path: string): Promise<Response> {
  const send = () =>
    fetch(path, {
      headers: { authorization: `Bearer ${authSession.accessToken() ?? ''}`, accept: 'text/csv' },
    });
  let res = await send();
  if (res.status === 401 && (await authSession.refresh())) res = await send();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'HTTP_ERROR',
      body?.error?.message ?? 'The export failed.',
    );
  }
  return res;
}

/**
 * GET /api/ai/analytics/usage.csv: the server writes the CSV (any range size, escaped there); the
 * browser saves it under the name the server gives.
 */
export function useExportAiUsageCsv() {
  return useMutation({
    mutationFn: async ({ range, userId }: { range: AiRange; userId: string | null }) => {
      const q = new URLSearchParams({ from: range.from, to: range.to, ...(userId ? { userId } : {}) });
      const res = await fetchCsv(`/api/ai/analytics/usage.csv?${q}`);
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ai-usage.csv';
      const url = URL.createObjectURL(await res.blob());
      try {
        triggerDownload(url, name);
      } finally {
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
      return name;
    },
  });
}
