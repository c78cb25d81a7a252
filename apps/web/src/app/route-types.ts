import type { AccessRule } from '@stratos/contracts/access/access-rule';
import type { ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a page component takes whatever props it declares.
export type AnyPage = ComponentType<any>;
export type PageModule = { default: AnyPage };

/** What a route renders: a lazily loaded page, the shared "coming soon" page, or a redirect. */
export type PageSource =
  | {
      kind: 'page';
      load: () => Promise<PageModule>;
      /**
       * What the page is wrapped in: by default the query client and antd's `<App>` (its message,
       * modal and notification hooks); 'queries' for a page that never uses those hooks, so their
       * code stays out of its first load (the home page).
       */
      scope?: 'app' | 'queries';
    }
  | { kind: 'comingSoon'; capability: string; description: string }
  | { kind: 'redirect'; to: string; message: string };

export interface AppRoute {
  /** Stable identifier (used as the lazy component's cache key and in tests). */
  id: string;
  /** The canonical path first, then its aliases; `:param` segments allowed. */
  paths: readonly string[];
  /** Page title: the document title, the loading-error box and the menus use it. */
  title: string;
  access: AccessRule;
  source: PageSource;
  /** Marketing pages draw edge to edge; every other page sits in the shell's content column. */
  fullBleed?: boolean;
  /** Sign-in and account-creation pages: their own centred frame, no header or footer. */
  bare?: boolean;
  /**
   * What a signed-in user without access sees instead of the shared 403 page, when the page has
   * its own words for it (the superadmin console's 'Access Denied').
   */
  denied?: () => Promise<PageModule>;
}

/** What each route hands to the shell through react-router's `handle`. */
export interface RouteHandle {
  route: AppRoute;
}
