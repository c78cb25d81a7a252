import type { TrainingFilter } from '@stratos/contracts/ai/training.schema';

/** The filter bar's fields as the inputs hold them ('' = not set). */
export interface FilterForm {
  from: string;
  to: string;
  minRating: string;
  model: string;
  domain: string;
  helpful: string;
  review: string;
  search: string;
}

export const EMPTY_FORM: FilterForm = {
  from: '',
  to: '',
  minRating: '',
  model: '',
  domain: '',
  helpful: '',
  review: '',
  search: '',
};

/** The contract's filter from the form: empty fields left out, a reversed date range put right. */
export function toFilter(f: FilterForm): TrainingFilter {
  const out: TrainingFilter = {};
  let [from, to] = [f.from, f.to];
  if (from && to && from > to) [from, to] = [to, from];
  if (from) out.from = from;
  if (to) out.to = to;
  if (f.minRating) out.minRating = Number(f.minRating);
  if (f.model) out.model = f.model;
  if (f.domain) out.domain = f.domain;
  if (f.helpful === 'true' || f.helpful === 'false' || f.helpful === 'unrated') out.helpful = f.helpful;
  if (f.review === 'included' || f.review === 'excluded' || f.review === 'unreviewed') out.review = f.review;
  if (f.search.trim()) out.search = f.search.trim();
  return out;
}

export const activeFilters = (f: FilterForm) => Object.keys(toFilter(f)).length;
