import type { AppContext } from '../app-context';
import { analyzeFilesJob } from '../modules/ai/analysis/analysis.job';
import { assistantRecoveryJob } from '../modules/ai/assistant/assistant-recovery.job';
import { indexFilesJob } from '../modules/ai/file-index/file-index.job';
import { embedKnowledgeJob } from '../modules/ai/knowledge-search/embed-knowledge.job';
import { learningCycleJob } from '../modules/ai/learning/learning.job';
import { learningQueueJob } from '../modules/ai/learning/learning-queue.job';
import { checkProvidersJob } from '../modules/ai/providers/check-providers.job';
import { authSweepJob } from '../modules/auth/auth-sweep.job';
import { checkAlertsJob } from '../modules/billing/alerts/alerts.job';
import { meterPrepaidJob } from '../modules/billing/credits/metering.job';
import { renewSubscriptionsJob } from '../modules/billing/payments/renew-subscriptions.job';
import { purgeExpiredJob } from '../modules/files/recycle-bin.job';
import { collectGarbageJob } from '../modules/files/storage-gc.job';
import { expireReservationsJob } from '../modules/files/upload-reservations.job';
import { releaseAbandonedJob } from '../modules/merch/release-abandoned.job';
import { workflowRetentionJob } from '../modules/workflows/workflow-retention.job';
import { workflowsJob } from '../modules/workflows/workflows.job';
import type { JobScheduler } from './scheduler';

/** Every periodic job. A job adds one line here; a second handler under one name stops the app. */
export function registerJobs(jobs: JobScheduler, ctx: AppContext): void {
  jobs.register(purgeExpiredJob(ctx));
  jobs.register(renewSubscriptionsJob(ctx));
  jobs.register(meterPrepaidJob(ctx));
  jobs.register(checkAlertsJob(ctx));
  jobs.register(collectGarbageJob(ctx));
  jobs.register(expireReservationsJob(ctx));
  jobs.register(checkProvidersJob(ctx));
  jobs.register(analyzeFilesJob(ctx));
  jobs.register(indexFilesJob(ctx));
  jobs.register(authSweepJob(ctx));
  jobs.register(embedKnowledgeJob(ctx));
  jobs.register(learningCycleJob(ctx));
  jobs.register(learningQueueJob(ctx));
  jobs.register(assistantRecoveryJob(ctx));
  jobs.register(workflowsJob(ctx));
  jobs.register(releaseAbandonedJob(ctx));
  jobs.register(workflowRetentionJob(ctx));
}
