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

export const workflowsQueryOptions = queryOptions({
  queryKey: workflowsKey,
  queryFn: ({ signal }) => listWorkflows(signal),
  // While a run is queued or running somewhere, the list's figures change: look again soon.
  refetchInterval: 5_000,
});

export function useWorkflows() {
  return useQuery(workflowsQueryOptions);
}
