/** The thinking indicator's phases and how long each shows (part 2 section 2), in a repeating cycle. */
export const THINKING_PHASES = [
  { id: 'analyzing', label: 'Analyzing your question', ms: 1500 },
  { id: 'thinking', label: 'Thinking', ms: 2000 },
  { id: 'generating', label: 'Generating a reply', ms: 2500 },
  { id: 'finalizing', label: 'Finalizing', ms: 1000 },
] as const;

export type ThinkingPhase = (typeof THINKING_PHASES)[number];

const CYCLE_MS = THINKING_PHASES.reduce((n, p) => n + p.ms, 0);

/** The phase shown `elapsedMs` after the question was sent, and how long until the next one. */
export function thinkingPhaseAt(elapsedMs: number): {
  phase: ThinkingPhase;
  index: number;
  remainingMs: number;
} {
  let t = Math.max(0, elapsedMs) % CYCLE_MS;
  for (const [index, phase] of THINKING_PHASES.entries()) {
    if (t < phase.ms) return { phase, index, remainingMs: phase.ms - t };
    t -= phase.ms;
  }
  // Unreachable: t < CYCLE_MS always lands in a phase.
  return { phase: THINKING_PHASES[0], index: 0, remainingMs: THINKING_PHASES[0].ms };
}
