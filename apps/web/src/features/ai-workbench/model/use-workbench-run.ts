import type { WorkbenchResult, WorkbenchRunBody } from '@stratos/contracts/ai/workbench.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { streamWorkbench } from '../api/stream-workbench';

export interface WorkbenchRun {
  status: 'idle' | 'waiting' | 'streaming' | 'done' | 'error' | 'stopped';
  text: string;
  answeredBy: { provider: string; model: string } | null;
  result: WorkbenchResult | null;
  error: string | null;
}

const IDLE: WorkbenchRun = { status: 'idle', text: '', answeredBy: null, result: null, error: null };

/** One run at a time: its streamed text, then its figures or its error; Stop aborts it. */
export function useWorkbenchRun() {
  const [run, setRun] = useState<WorkbenchRun>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (body: WorkbenchRunBody) => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setRun({ ...IDLE, status: 'waiting' });
    try {
      const result = await streamWorkbench(
        body,
        {
          onStart: (e) => setRun((r) => ({ ...r, status: 'streaming', answeredBy: e })),
          onToken: (t) => setRun((r) => ({ ...r, text: r.text + t })),
        },
        c.signal,
      );
      if (controller.current === c) setRun((r) => ({ ...r, status: 'done', text: result.text, result }));
    } catch (e) {
      if (controller.current !== c) return;
      if (c.signal.aborted) setRun((r) => ({ ...r, status: 'stopped' }));
      else setRun((r) => ({ ...r, status: 'error', error: errorMessage(e) }));
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  return { run, start, stop };
}
