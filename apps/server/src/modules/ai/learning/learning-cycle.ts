import { setTimeout as sleep } from 'node:timers/promises';
import {
  LEARNING_LIMITS,
  LEARNING_MESSAGES,
  LEARNING_STEPS,
  type LearningProgress,
  type LearningStep,
} from '@stratos/contracts/ai/learning.schema';
import type { DataActor } from '../knowledge/knowledge-access';
import type { AiRequest, AiResult } from '../providers/ai-request';
import type { CycleRow, LearningRepository } from './learning.repository';
import {
  analysisPrompt,
  type Candidate,
  type CycleInteraction,
  exceeded,
  feedbackCandidates,
  figuresOf,
  modelCandidate,
  type ProcessedFeedback,
  patternCandidates,
  patternWords,
  pickImprovements,
  thresholdCandidates,
  toAnalyse,
} from './learning-analysis';
import { deriveKnowledge } from './learning-knowledge';

/** Feedback batches one cycle processes at most (50 each); the rest waits for the next cycle. */
const MAX_FEEDBACK_BATCHES = 20;

export interface CycleDeps {
  repo: LearningRepository;
  generate: (req: AiRequest) => Promise<AiResult>;
  /** Stores knowledge items (with their ids) through the knowledge module's service; returns the ids stored. */
  addKnowledge: (
    actor: DataActor,
    records: Array<Record<string, unknown> & { id: string }>,
  ) => Promise<string[]>;
  /** Pause between model analyses (section 9: 1 s). */
  analysePauseMs: number;
  log: { warn(obj: object, msg?: string): void };
}

export interface CycleInput {
  cycle: CycleRow;
  actor: DataActor;
  report: (p: LearningProgress) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * One learning cycle (issue 17): reads the last hour's interactions (at most 100), measures them
 * against section 9's thresholds, finds pattern words, processes unprocessed feedback in batches of
 * 50, asks the local model about at most 5 interactions, stores at most 10 improvements (keeping
 * the latest 50 suggestions) and turns good replies into knowledge. Returns the cycle's fields.
 * CPU is measured for the whole cycle minus the time inside model calls.
 */
export async function runLearningCycle(d: CycleDeps, input: CycleInput): Promise<Partial<CycleRow>> {
  const { cycle, actor } = input;
  const startCpu = process.cpuUsage();
  let modelCpuMicros = 0;
  const progress: LearningProgress = {
    isRunning: true,
    cycleId: cycle.id,
    status: 'running',
    step: 'reading',
    stepsCompleted: 0,
    totalSteps: LEARNING_STEPS.length,
    currentOperation: 'Reading the last hour of interactions',
    interactionsRead: 0,
    analysed: 0,
    toAnalyse: 0,
    improvementsStored: 0,
    startTime: cycle.startedAt.toISOString(),
  };
  const step = async (name: LearningStep, operation: string) => {
    input.signal?.throwIfAborted();
    progress.step = name;
    progress.stepsCompleted = LEARNING_STEPS.indexOf(name);
    progress.currentOperation = operation;
    await input.report({ ...progress });
  };

  await step('reading', 'Reading the last hour of interactions');
  const rows = await d.repo.recentInteractions(LEARNING_LIMITS.windowMs, LEARNING_LIMITS.maxInteractions);
  progress.interactionsRead = rows.length;

  await step('thresholds', 'Measuring against the thresholds');
  const figures = figuresOf(rows);
  const thresholdsExceeded = exceeded(figures);
  const candidates: Candidate[] = thresholdCandidates(rows, figures);

  await step('patterns', 'Finding patterns in the questions');
  const patterns = patternWords(rows);
  await d.repo.savePatterns(
    patterns.map((p) => ({ ...p, domains: domainsAbout(rows, p.word) })),
    rows.length,
  );
  candidates.push(...patternCandidates(rows, patterns));

  await step('feedback', 'Processing feedback');
  await d.repo.importChatFeedback();
  // The batches of 50 a cycle processes, claimed in one statement; a batch is 50 of them (the last one fewer).
  const processed: ProcessedFeedback[] = await d.repo.processFeedback(
    cycle.id,
    MAX_FEEDBACK_BATCHES * LEARNING_LIMITS.feedbackBatch,
  );
  const batches = Math.ceil(processed.length / LEARNING_LIMITS.feedbackBatch);
  const count = (s: string) => processed.filter((f) => f.sentiment === s).length;
  const feedback = {
    processed: processed.length,
    positive: count('positive'),
    negative: count('negative'),
    neutral: count('neutral'),
    batches,
  };
  candidates.push(...feedbackCandidates(processed, rows.length));

  const picked = toAnalyse(rows);
  progress.toAnalyse = picked.length;
  await step('model', `Asking the local model about ${picked.length} interactions`);
  let modelStep: 'ok' | 'failed' | 'skipped' = picked.length ? 'ok' : 'skipped';
  let modelError: string | null = null;
  for (const [n, r] of picked.entries()) {
    if (n > 0 && d.analysePauseMs > 0) await sleep(d.analysePauseMs, undefined, { signal: input.signal });
    const before = process.cpuUsage();
    try {
      const reply = await d.generate({
        userId: actor.id,
        prompt: analysisPrompt(r),
        provider: 'ollama',
        operation: 'learning',
        temperature: 0.3,
        maxTokens: LEARNING_LIMITS.improvementMaxTokens,
        signal: input.signal,
      });
      const c = modelCandidate(r, reply.text, rows.length);
      if (c) candidates.push(c);
      progress.analysed++;
      await input.report({ ...progress });
    } catch (err) {
      // The model is down (or refused): the threshold-derived improvements are still stored.
      modelStep = 'failed';
      modelError = `${LEARNING_MESSAGES.modelStepFailed} (${err instanceof Error ? err.message : String(err)})`;
      d.log.warn({ err }, 'learning cycle: model analysis failed');
      break;
    } finally {
      const used = process.cpuUsage(before);
      modelCpuMicros += used.user + used.system;
    }
  }

  await step('improvements', 'Storing improvements');
  const chosen = pickImprovements(candidates);
  const stored = await d.repo.storeSuggestions(cycle.id, chosen, LEARNING_LIMITS.maxSuggestions);
  progress.improvementsStored = stored;

  // Interactions recorded while learning is on were made into knowledge 1 s after they were asked
  // (learning-queue.ts); this catches the rest of the window (recorded before learning started).
  await step('knowledge', 'Turning replies into knowledge');
  const knowledgeItemsCreated = await deriveKnowledge(d, actor, rows);

  const totals = await d.repo.totals();
  const cpu = process.cpuUsage(startCpu);
  return {
    interactionsRead: rows.length,
    interactionsAnalysed: progress.analysed,
    modelStep,
    modelError,
    figures: { ...figures },
    thresholdsExceeded,
    patterns,
    feedback,
    improvementsStored: stored,
    knowledgeItemsCreated,
    totals,
    cpuMs: Math.max(0, (cpu.user + cpu.system - modelCpuMicros) / 1000),
  };
}

function domainsAbout(rows: readonly CycleInteraction[], word: string): string[] {
  const lower = word.toLowerCase();
  return [...new Set(rows.filter((r) => r.userQuery.toLowerCase().includes(lower)).map((r) => r.domain))];
}
