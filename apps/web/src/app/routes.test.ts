import { type AccessRule, ROUTE_GROUPS as G } from '@stratos/contracts/access/access-rule';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, layoutFor, routeForPath } from './routes';

/** Every route of part 1 section 2 and part 2 section 2, with the access the brief asks for. */
const EXPECTED: [string[], AccessRule][] = [
  [
    [
      '/',
      '/about',
      '/features',
      '/pricing',
      '/contact',
      '/security',
      '/integrations',
      '/merch-store',
      '/merch',
      '/store',
      '/merchandise',
      '/privacy',
      '/privacy-policy',
      '/terms',
      '/terms-of-service',
      '/login',
      '/auth/login',
      '/signup',
      '/register',
      '/auth/signup',
      '/auth/register',
      '/subscribe',
      '/auth/subscribe',
      '/free',
      '/upgrade',
      '/subscription-success',
      '/auth/verify',
      '/reset',
      '/confirm-reset',
      '/john316',
      '/oauth/callback',
      '/storage/oauth/callback',
      '/enterprise-intelligence',
      '/help',
      '/s/:token',
    ],
    G.public,
  ],
  [
    ['/dashboard', '/business-dashboard', '/insights', '/billing', '/workflows', '/ai/dashboard'],
    G.dashboard,
  ],
  [['/profile', '/settings', '/notifications', '/onboarding', '/settings/billing'], G.account],
  [
    [
      '/admin-dashboard',
      '/performance',
      '/enterprise/analytics',
      '/audit-log',
      '/ai/management',
      '/storage/manager',
      '/storage-manager',
      '/security/management',
      '/security-management',
    ],
    G.admin,
  ],
  [
    [
      '/superadmin-panel',
      '/superadmin-business-intelligence',
      '/superadmin-financial',
      '/ai/superadmin-learning',
    ],
    G.superadmin,
  ],
  [['/platform/settings', '/platform/storage/add'], G.platform],
  [['/admin/outbox'], G.outbox],
  [
    [
      '/ai',
      '/ai/enhanced-chat',
      '/ai/enhanced-chat/:conversationId',
      '/ai/fixed-chat',
      '/ai/fixed-chat/:conversationId',
      '/ai-chat',
    ],
    G.ai,
  ],
  [['/ai-analytics', '/ai-benchmark', '/ai-performance'], G.aiRead],
  [['/ai-assistant', '/ai-recommendations', '/ai/workbench'], G.aiUse],
  [['/ai/training'], G.aiTrain],
  [
    ['/files', '/files-fixed', '/files/debug', '/recycle-bin', '/storage/analytics', '/analytics'],
    G.storageRead,
  ],
  [
    ['/files/smart-upload', '/storage/preferences', '/storage/demo', '/storage/add', '/add-storage'],
    G.storageWrite,
  ],
];

describe('route table', () => {
  it.each(EXPECTED.flatMap(([paths, rule]) => paths.map((p) => [p, rule] as const)))(
    '%s has its access rule',
    (path, rule) => {
      expect(routeForPath(path)?.access).toEqual(rule);
    },
  );

  it('lists every path once', () => {
    const all = APP_ROUTES.flatMap((r) => r.paths);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives every route a title and a unique id', () => {
    const ids = APP_ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of APP_ROUTES) expect(r.title.length).toBeGreaterThan(0);
  });

  it('redirects /settings/billing to the billing tab with the specified message', () => {
    expect(routeForPath('/settings/billing')?.source).toEqual({
      kind: 'redirect',
      to: '/settings?tab=billing',
      message: 'Redirecting to Billing Settings...',
    });
  });

  it('serves the storage pages from their own lazy pages, not the coming-soon page', () => {
    for (const path of [
      '/files',
      '/files-fixed',
      '/recycle-bin',
      '/analytics',
      '/storage/analytics',
      '/s/:token',
    ]) {
      expect(routeForPath(path)?.source.kind).toBe('page');
    }
    expect(routeForPath('/files')).toBe(routeForPath('/files-fixed'));
  });

  it('names the capability of each page that is still to come', () => {
    for (const r of APP_ROUTES) {
      if (r.source.kind === 'comingSoon') {
        expect(r.source.capability.length).toBeGreaterThan(2);
        expect(r.source.description).toMatch(/\.$/);
      }
    }
  });
});

describe('layoutFor', () => {
  it('hides the header and footer on sign-in pages', () => {
    for (const p of [
      '/login',
      '/signup',
      '/register',
      '/reset',
      '/confirm-reset',
      '/auth/login',
      '/auth/verify',
    ]) {
      expect(layoutFor(p)).toBe('auth');
    }
  });

  it('gives the plan pages the app frame, whatever their alias', () => {
    for (const p of [
      '/subscribe',
      '/auth/subscribe',
      '/free',
      '/upgrade',
      '/subscription-success',
      '/onboarding',
    ])
      expect(layoutFor(p)).toBe('standard');
    // Only sign-in pages are bare: every other route under /auth/ has the frame.
    for (const r of APP_ROUTES)
      for (const p of r.paths)
        if (p.startsWith('/auth/'))
          expect([p, layoutFor(p)]).toEqual([
            p,
            ['login', 'register', 'verify'].includes(r.id) ? 'auth' : 'standard',
          ]);
  });

  it('gives the home page its own layout and everything else the standard one', () => {
    expect(layoutFor('/')).toBe('home');
    expect(layoutFor('/pricing')).toBe('standard');
    expect(layoutFor('/dashboard')).toBe('standard');
    expect(layoutFor('/authors')).toBe('standard');
  });
});
