import type { AnalysisStatus, FileAnalysis } from '@stratos/contracts/ai/analysis.schema';

/** How often the drawer re-reads an analysis that is queued or running. */
export const ANALYSIS_POLL_MS = 2_000;

export type AnalysisView = 'none' | 'working' | 'completed' | 'failed' | 'unsupported';

/** Which face the drawer shows for a file's analysis (null: never queued). */
export function analysisView(analysis: Pick<FileAnalysis, 'status'> | null): AnalysisView {
  if (!analysis) return 'none';
  const views: Record<AnalysisStatus, AnalysisView> = {
    pending: 'working',
    running: 'working',
    completed: 'completed',
    failed: 'failed',
    unsupported: 'unsupported',
  };
  return views[analysis.status];
}

/** Poll only while the server is still working on it. */
export function analysisPollMs(analysis: Pick<FileAnalysis, 'status'> | null | undefined): number | false {
  return analysis && analysisView(analysis) === 'working' ? ANALYSIS_POLL_MS : false;
}

export function workingText(status: AnalysisStatus): string {
  return status === 'running' ? 'Analysing this file…' : 'Waiting in the analysis queue…';
}

/** "llama3.2:3b on ollama · 83% confident · 1,204 characters read (cut to fit)". */
export function analysisFacts(
  a: Pick<FileAnalysis, 'model' | 'provider' | 'confidence' | 'charsAnalyzed' | 'truncated' | 'runs'>,
): string[] {
  const facts: string[] = [];
  if (a.model) facts.push(a.provider ? `${a.model} on ${a.provider}` : a.model);
  if (a.confidence !== null) facts.push(`${Math.round(a.confidence * 100)}% confident`);
  if (a.charsAnalyzed !== null)
    facts.push(`${a.charsAnalyzed.toLocaleString()} characters read${a.truncated ? ' (cut to fit)' : ''}`);
  if (a.runs > 1) facts.push(`analysed ${a.runs} times`);
  return facts;
}
