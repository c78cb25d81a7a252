import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.x A and AA, axe's best practices, and its experimental rules: label-content-name-mismatch
 * (a control's accessible name must contain its visible label) is experimental in axe 4.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];
/** Moderate in axe's scale, still required here: every page has a first-level heading. */
const ALWAYS_REPORTED = new Set(['page-has-heading-one']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface AxeResultShape {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe-core in the page as it stands and returns the serious and critical violations (and
 * the always-reported rules). The script goes in through the DevTools protocol, so the app's
 * Content-Security-Policy stays as served.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    TAGS,
  )) as AxeResultShape;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_REPORTED.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 240),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 400),
      })),
    }));
}

/** The visible first-level headings: a page has exactly one. */
export function visibleH1Count(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('h1, [role="heading"][aria-level="1"]')).filter(
        (h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === 'fixed',
      ).length,
  );
}

/** One line per failing node, naming the page, the theme, the rule and the element. */
export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.flatMap((f) =>
    f.nodes.map(
      (n) =>
        `${where}: ${f.rule} (${f.impact}) ${f.help}\n    at ${n.target}\n    ${n.html}\n    ${n.summary}`,
    ),
  );
}
