/**
 * A figure of `npm run bench` and the rounds it comes from. Every figure compares the app with a
 * limit measured in the same run, in alternating rounds (or with a fixed budget): the value and the
 * limit are each the median of their rounds, the ratio is the ratio of those medians, and the
 * ranges of the rounds are printed beside them. No side keeps its best round.
 */

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** Every round's value, in the order run. */
  rounds: number[];
}

export interface Figure {
  name: string;
  /** The database engine the figure was measured on; absent when no database is involved. */
  engine?: string;
  value: number;
  valueRange?: [number, number];
  unit: string;
  /** What the value is compared with, measured in the same run (or a fixed budget). */
  limitName: string;
  limit: number;
  limitRange?: [number, number];
  /** Unit of the limit when it differs from the value's. */
  limitUnit?: string;
  ratio: number;
  /** The lowest and highest ratio of paired rounds (round i of the app over round i of the limit). */
  ratioRange?: [number, number];
  goal: string;
  pass: boolean;
  /** True when some paired rounds meet the goal and others do not: the machine's noise decides. */
  uncertain?: boolean;
  /** Reported for reference, with no goal of its own: printed as INFO and left out of the count. */
  informational?: boolean;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

export function spread(rounds: number[]): Spread {
  return { median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), rounds };
}

/**
 * Runs at least `rounds` rounds of every side, in a new order each round, so a slow minute of a
 * shared machine falls on every side alike and no side always comes right after the same other
 * side (whatever a side leaves behind, dirty pages or fresh memory to fault in, lands on different
 * sides). The kept rounds are whole cycles of `roundOrder` (see `balancedRounds`), so each side
 * follows each other side equally often. Each call returns the side's value for that round.
 * `warmup` rounds run first and are not kept.
 */
export async function alternate<K extends string>(
  rounds: number,
  sides: Record<K, (round: number) => Promise<number>>,
  warmup = 1,
): Promise<Record<K, Spread>> {
  const names = Object.keys(sides) as K[];
  const values = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const kept = balancedRounds(rounds, names.length);
  for (let round = -warmup; round < kept; round++) {
    for (const name of roundOrder(names, round + warmup)) {
      const v = await sides[name](round);
      if (round >= 0) values[name].push(v);
    }
  }
  return Object.fromEntries(names.map((n) => [n, spread(values[n])])) as Record<K, Spread>;
}

/**
 * The order of round `k`: row k of a balanced Latin square (Williams design). Over n rounds (2n
 * for an odd number of sides, each row followed by its reverse) every side runs right after every
 * other side equally often. Turning one order by a place each round, as this did before, kept
 * each side behind the same neighbour whenever it was not first. Two sides: A B, B A.
 */
export function roundOrder<K>(names: readonly K[], k: number): K[] {
  const n = names.length;
  // 0, 1, n-1, 2, n-2, ...
  const base = names.map((_, j) => (j === 0 ? 0 : j % 2 ? (j + 1) / 2 : n - j / 2));
  const even = n % 2 === 0;
  const row = even ? k % n : Math.floor(k / 2) % n;
  const order = base.map((b) => names[(b + row) % n] as K);
  return !even && k % 2 === 1 ? order.reverse() : order;
}

/**
 * The fewest rounds, at least `rounds`, that are whole cycles of `roundOrder` for `sides` sides:
 * any `sides` consecutive rows for an even number, twice that for an odd one. Five rounds of five
 * sides (the upload figures) covered half a cycle: some sides followed the same neighbour twice,
 * others never.
 */
export function balancedRounds(rounds: number, sides: number): number {
  if (sides <= 1) return rounds;
  const cycle = sides % 2 === 0 ? sides : 2 * sides;
  return Math.ceil(rounds / cycle) * cycle;
}

export type Goal = { atLeast: number } | { atMost: number };

const meets = (ratio: number, goal: Goal) =>
  'atLeast' in goal ? ratio >= goal.atLeast : ratio <= goal.atMost;
const goalText = (goal: Goal) => ('atLeast' in goal ? `>= ${goal.atLeast}` : `<= ${goal.atMost}`);

/** The figure of `app` against `limit` (both spreads of the same rounds): ratio of medians. */
export function compare(opts: {
  name: string;
  engine?: string;
  unit: string;
  app: Spread;
  limitName: string;
  limit: Spread;
  goal: Goal | null;
  digits?: number;
}): Figure {
  const { app, limit, goal } = opts;
  const ratio = app.median / limit.median;
  const paired = app.rounds.map((v, i) => v / (limit.rounds[i] as number)).filter(Number.isFinite);
  const ratioRange: [number, number] = [Math.min(...paired), Math.max(...paired)];
  const r = (x: number) => roundTo(x, opts.digits ?? 2);
  const pass = goal === null || meets(ratio, goal);
  return {
    name: opts.name,
    engine: opts.engine,
    unit: opts.unit,
    value: r(app.median),
    valueRange: [r(app.min), r(app.max)],
    limitName: opts.limitName,
    limit: r(limit.median),
    limitRange: [r(limit.min), r(limit.max)],
    ratio,
    ratioRange,
    goal: goal ? goalText(goal) : 'none: reported',
    pass,
    uncertain: goal !== null && paired.some((x) => meets(x, goal)) && paired.some((x) => !meets(x, goal)),
    informational: goal === null,
  };
}

/** The figure of `value` (a spread of rounds) against a fixed budget. */
export function budget(opts: {
  name: string;
  engine?: string;
  unit: string;
  value: Spread;
  budget: number;
  digits?: number;
}): Figure {
  const { value } = opts;
  const r = (x: number) => roundTo(x, opts.digits ?? 2);
  const ratio = value.median / opts.budget;
  return {
    name: opts.name,
    engine: opts.engine,
    unit: opts.unit,
    value: r(value.median),
    valueRange: [r(value.min), r(value.max)],
    limitName: 'budget',
    limit: opts.budget,
    ratio,
    ratioRange: [value.min / opts.budget, value.max / opts.budget],
    goal: '<= 1',
    pass: ratio <= 1,
    uncertain: value.min <= opts.budget && value.max > opts.budget,
  };
}

export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : String(roundTo(x, 2)));
const range = (r?: [number, number]) => (r && r[0] !== r[1] ? ` (${fmt(r[0])}-${fmt(r[1])})` : '');

export function formatFigure(f: Figure): string {
  const status = f.informational ? 'INFO' : f.pass ? 'PASS' : 'MISS';
  const noisy = f.uncertain ? ', noisy: rounds on both sides of the goal' : '';
  const ratioRange = f.ratioRange
    ? ` [rounds ${f.ratioRange[0].toFixed(2)}-${f.ratioRange[1].toFixed(2)}]`
    : '';
  const engine = f.engine ? ` [${f.engine}]` : '';
  return (
    `${status}  ${f.name}${engine}: ${fmt(f.value)}${range(f.valueRange)} ${f.unit}  |  ` +
    `${f.limitName}: ${fmt(f.limit)}${range(f.limitRange)} ${f.limitUnit ?? f.unit}  |  ` +
    `ratio ${f.ratio.toFixed(2)}${ratioRange} (goal ${f.goal}${noisy})`
  );
}
