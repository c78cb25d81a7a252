import path from 'node:path';
import { type AccessRule, decideAccess } from '@stratos/contracts/access/access-rule';
import { ROLE_PERMISSIONS, type Role } from '@stratos/contracts/access/roles';
import type { AppRoute } from '../../apps/web/src/app/route-types';
import { repoRoot } from './server';

export interface RouteTable {
  routes: readonly AppRoute[];
  layoutFor(pathname: string): string;
}

/**
 * The web app's own route table (apps/web/src/app/routes.ts, which router.tsx turns into routes).
 * Imported at run time by path, so the e2e type check does not walk into every page's JSX.
 */
export async function loadRouteTable(): Promise<RouteTable> {
  const mod = (await import(path.join(repoRoot, 'apps/web/src/app/routes.ts'))) as {
    APP_ROUTES: readonly AppRoute[];
    layoutFor(pathname: string): string;
  };
  return { routes: mod.APP_ROUTES, layoutFor: mod.layoutFor };
}

/** Who opens a page: a signed-out visitor or an account of a role. */
export type Visitor = 'visitor' | Role;
export const VISITORS: readonly Visitor[] = ['visitor', 'user', 'admin', 'superadmin'];

export interface TourStop {
  routeId: string;
  path: string;
  as: Visitor;
}
export interface TourSkip {
  routeId: string;
  path: string;
  reason: string;
}

/** The least privileged visitor the rule lets in: pages are seen as the people they are for. */
export function visitorFor(rule: AccessRule): Visitor {
  for (const as of VISITORS) {
    const subject = as === 'visitor' ? null : { role: as, permissions: ROLE_PERMISSIONS[as] };
    if (decideAccess(subject, rule).allowed) return as;
  }
  throw new Error(`no role may open a page with the rule ${JSON.stringify(rule)}`);
}

/**
 * Every path of the web app's route table, as the page a person would open: one stop per
 * distinct page. An alias is skipped only when an earlier path of the same route renders the same
 * element in the same layout; a parametrised path is skipped when the route also has a plain path
 * in that layout, and otherwise needs a value in `params` (a new page of that kind cannot slip
 * through: planning throws). Redirects are skipped with their target.
 */
export function planTour(
  { routes, layoutFor }: RouteTable,
  params: Record<string, string>,
): { stops: TourStop[]; skipped: TourSkip[] } {
  const stops: TourStop[] = [];
  const skipped: TourSkip[] = [];
  for (const route of routes) {
    const as = visitorFor(route.access);
    if (route.source.kind === 'redirect') {
      for (const path of route.paths) {
        skipped.push({ routeId: route.id, path, reason: `redirects to ${route.source.to}` });
      }
      continue;
    }
    const seenLayouts = new Map<string, string>();
    const plain = route.paths.filter((p) => !p.includes(':'));
    const ordered = [...plain, ...route.paths.filter((p) => p.includes(':'))];
    for (const path of ordered) {
      const layout = layoutFor(path.replace(/:[^/]+/g, 'x'));
      const twin = seenLayouts.get(layout);
      if (twin) {
        skipped.push({ routeId: route.id, path, reason: `same page and layout as ${twin}` });
        continue;
      }
      const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const value = params[name];
        if (!value)
          throw new Error(`the tour needs a value for :${name} to open ${path} (route ${route.id})`);
        return encodeURIComponent(value);
      });
      seenLayouts.set(layout, path);
      stops.push({ routeId: route.id, path: filled, as });
    }
  }
  return { stops, skipped };
}
