import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'analysis';

/** The query string with the open analysis set to `fileId`, or without it. */
export function withAnalysisParam(current: URLSearchParams, fileId: string | null): URLSearchParams {
  const next = new URLSearchParams(current);
  if (fileId === null) next.delete(PARAM);
  else next.set(PARAM, fileId);
  return next;
}

/** The file whose analysis is open lives in the URL (`?analysis=<id>`), so the AI dashboard can link to it. */
export function useAnalysisParam(): [string | null, (fileId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (fileId: string | null) => setParams((prev) => withAnalysisParam(prev, fileId)),
    [setParams],
  );
  return [params.get(PARAM) || null, set];
}
