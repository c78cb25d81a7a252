import { aiDashboardReplySchema } from '@stratos/contracts/ai/analysis.schema';
import { apiRequest } from '../api-client';
import { STORAGE_QUERY_ROOTS } from '../storage-events';

/**
 * GET /api/ai/dashboard, shared by the AI dashboard page and the main dashboard's AI summary (one
 * cache entry, so either page warms the other). Under the dashboard root, so every storage change
 * (upload, delete, restore) marks it stale too.
 */
export const aiDashboardKey = [STORAGE_QUERY_ROOTS.dashboard, 'ai'] as const;

export async function fetchAiDashboard({ signal }: { signal?: AbortSignal }) {
  return (await apiRequest('/ai/dashboard', { schema: aiDashboardReplySchema, signal })).data;
}
