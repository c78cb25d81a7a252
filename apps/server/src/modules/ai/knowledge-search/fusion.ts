/**
 * Reciprocal rank fusion (Cormack et al., 2009): each signal ranks the items it found, and an item
 * scores the sum over signals of 1 / (K + rank). Ranks, not raw values, are fused, because the
 * signals' scales are unrelated (ts_rank, cosine similarity, the section 5 relevance). Equal values
 * share a rank, so a tie in one signal gives no item an edge. K = 60 is the paper's constant: it
 * keeps one signal's first place from outweighing agreement between the others.
 */
export const RRF_K = 60;

export interface Ranked {
  id: string;
  value: number;
}

/** 1-based competition ranks ("1224") of a signal's findings, best (highest value) first. */
export function ranks(list: readonly Ranked[]): Map<string, number> {
  const sorted = [...list].sort((a, b) => b.value - a.value);
  const out = new Map<string, number>();
  let rank = 0;
  let previous = Number.NaN;
  sorted.forEach((r, i) => {
    if (r.value !== previous) rank = i + 1;
    previous = r.value;
    out.set(r.id, rank);
  });
  return out;
}

/** The fused score of every item any signal found. */
export function reciprocalRankFusion(signals: readonly (readonly Ranked[])[]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of signals) {
    for (const [id, rank] of ranks(list)) scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank));
  }
  return scores;
}
