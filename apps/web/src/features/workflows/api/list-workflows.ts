import {
  WORKFLOW_MESSAGES,
  type Workflow,
  workflowSchema,
} from '@stratos/contracts/workflows/workflow.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { workflowsKey } from './workflows-keys';

/**
 * GET /api/workflows: an array (part 2 section 7). A reply that is not one is
 * 'Received invalid data format from server'; any failure reads 'Failed to fetch workflows: {reason}'.
 */
export async function listWorkflows(signal?: AbortSignal): Promise<Workflow[]> {
  let reply: unknown;
  try {
    reply = await apiRequest('/workflows', { signal });
  } catch (err) {
    throw new Error(WORKFLOW_MESSAGES.fetchFailed(errorMessage(err)));
  }
  if (!Array.isArray(reply)) throw new Error(WORKFLOW_MESSAGES.invalidData);
  const parsed = workflowSchema.array().safeParse(reply);
  if (!parsed.success) throw new Error(WORKFLOW_MESSAGES.invalidData);
  return parsed.data;
}

/** How often the page looks again while a run is queued or running. */
export const LIVE_REFRESH_MS = 2_000;

export const workflowsQueryOptions = queryOptions({
  queryKey: workflowsKey,
  queryFn: ({ signal }) => listWorkflows(signal),
  // While a run is queued or running, status, rate and last run change: watch until none is.
  refetchInterval: (query) =>
    (query.state.data ?? []).some((w) => w.activeRuns > 0) ? LIVE_REFRESH_MS : false,
});

export function useWorkflows() {
  return useQuery(workflowsQueryOptions);
}
