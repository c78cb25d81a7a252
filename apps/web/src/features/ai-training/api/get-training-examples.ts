import { type TrainingFilter, trainingListReplySchema } from '@stratos/contracts/ai/training.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const trainingKey = ['ai', 'training'] as const;

/** GET /api/ai/training/examples: a page of the dataset with the counts and filter menus. */
export async function fetchTrainingExamples(filter: TrainingFilter, limit: number, offset: number) {
  const reply = await apiRequest('/ai/training/examples', {
    query: { ...filter, limit, offset },
    schema: trainingListReplySchema,
  });
  return reply.data;
}

export const trainingExamplesQueryOptions = (filter: TrainingFilter, limit: number, offset: number) =>
  queryOptions({
    queryKey: [...trainingKey, filter, limit, offset],
    queryFn: () => fetchTrainingExamples(filter, limit, offset),
    placeholderData: keepPreviousData,
  });

export function useTrainingExamples(filter: TrainingFilter, limit: number, offset: number) {
  return useQuery(trainingExamplesQueryOptions(filter, limit, offset));
}
