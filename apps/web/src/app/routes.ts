import { type AccessRule, ROUTE_GROUPS as G } from '@stratos/contracts/access/access-rule';
import type { AppRoute, PageModule, PageSource } from './route-types';

const page = (load: () => Promise<PageModule>): PageSource => ({ kind: 'page', load });
const soon = (capability: string, description: string): PageSource => ({
  kind: 'comingSoon',
  capability,
  description,
});
/** /analytics and /storage/analytics show the same page: one loader, one chunk. */
const analyticsPage = () => import('../features/analytics/pages/analytics-page');
const route = (
  id: string,
  paths: readonly string[],
  title: string,
  access: AccessRule,
  source: PageSource,
): AppRoute => ({ id, paths, title, access, source });
/** A sign-in or account-creation page: public, drawn without header or footer. */
const bare = (
  id: string,
  paths: readonly string[],
  title: string,
  access: AccessRule,
  source: PageSource,
): AppRoute => ({ ...route(id, paths, title, access, source), bare: true });
/** A marketing page of ours: public, full width. */
const marketing = (id: string, paths: readonly string[], title: string, load: () => Promise<PageModule>) => ({
  ...route(id, paths, title, G.public, page(load)),
  fullBleed: true,
});

/**
 * The one route table (part 1 section 2, part 2 section 2). It drives lazy loading, the guard,
 * the header and mobile menus, and page titles. Pages that later issues build render the shared
 * "coming soon" page, which names the capability and what it will do.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  // Public pages.
  {
    ...marketing('home', ['/'], 'Home', () => import('../features/home/pages/home-page')),
    source: { kind: 'page', load: () => import('../features/home/pages/home-page'), scope: 'queries' },
  },
  marketing('about', ['/about'], 'About', () => import('../features/public/pages/about-page')),
  marketing('features', ['/features'], 'Features', () => import('../features/public/pages/features-page')),
  marketing('pricing', ['/pricing'], 'Pricing', () => import('../features/public/pages/pricing-page')),
  marketing('contact', ['/contact'], 'Contact', () => import('../features/public/pages/contact-page')),
  marketing('security', ['/security'], 'Security', () => import('../features/public/pages/security-page')),
  marketing(
    'integrations',
    ['/integrations'],
    'Integrations',
    () => import('../features/public/pages/integrations-page'),
  ),
  marketing(
    'privacy',
    ['/privacy', '/privacy-policy'],
    'Privacy Policy',
    () => import('../features/public/pages/privacy-page'),
  ),
  marketing(
    'terms',
    ['/terms', '/terms-of-service'],
    'Terms of Service',
    () => import('../features/public/pages/terms-page'),
  ),
  marketing('john316', ['/john316'], 'John 3:16', () => import('../features/public/pages/john316-page')),
  marketing(
    'enterprise-intelligence',
    ['/enterprise-intelligence'],
    'Enterprise Intelligence',
    () => import('../features/public/pages/enterprise-intelligence-page'),
  ),
  route(
    'merch-store',
    ['/merch-store', '/merch', '/store', '/merchandise'],
    'Merch Store',
    G.public,
    // Without antd's <App> scope: the store's first load stays within its 200 KB budget.
    { kind: 'page', load: () => import('../features/merch/pages/merch-store-page'), scope: 'queries' },
  ),
  route(
    'merch-order',
    ['/merch-store/orders/:orderNumber'],
    'Your Order',
    G.public,
    page(() => import('../features/merch/pages/guest-order-page')),
  ),
  route(
    'shared-file',
    ['/s/:token'],
    'Shared File',
    G.public,
    page(() => import('../features/shares/pages/public-share-page')),
  ),
  route(
    'help',
    ['/help'],
    'Help',
    G.public,
    soon('The help centre', 'Guides and answers for every part of Stratos.'),
  ),

  // Sign-in and account creation (clean centred layout, no header or footer).
  bare(
    'login',
    ['/login', '/auth/login'],
    'Sign In',
    G.public,
    page(() => import('../features/auth/pages/login-page')),
  ),
  bare(
    'register',
    ['/register', '/signup', '/auth/signup', '/auth/register'],
    'Create Account',
    G.public,
    page(() => import('../features/auth/pages/register-page')),
  ),
  bare(
    'verify',
    ['/auth/verify'],
    'Verify Email',
    G.public,
    page(() => import('../features/auth/pages/verify-page')),
  ),
  bare(
    'reset',
    ['/reset'],
    'Reset Password',
    G.public,
    page(() => import('../features/auth/pages/reset-page')),
  ),
  bare(
    'confirm-reset',
    ['/confirm-reset'],
    'Choose a New Password',
    G.public,
    page(() => import('../features/auth/pages/confirm-reset-page')),
  ),

  // Plans and payment.
  route(
    'subscribe',
    ['/subscribe', '/auth/subscribe', '/free'],
    'Subscribe',
    G.public,
    page(() => import('../features/billing/pages/subscribe-page')),
  ),
  route(
    'upgrade',
    ['/upgrade'],
    'Upgrade',
    G.public,
    page(() => import('../features/billing/pages/upgrade-page')),
  ),
  route(
    'subscription-success',
    ['/subscription-success'],
    'Your Subscription',
    G.public,
    page(() => import('../features/billing/pages/subscription-success-page')),
  ),
  route(
    'onboarding',
    ['/onboarding'],
    'Get Started',
    G.account,
    page(() => import('../features/onboarding/pages/onboarding-page')),
  ),
  route(
    'oauth-callback',
    ['/oauth/callback'],
    'Connecting Account',
    G.public,
    soon('Signing in with another provider', 'Finish connecting an outside account to Stratos.'),
  ),
  route(
    'storage-oauth-callback',
    ['/storage/oauth/callback'],
    'Connecting Storage',
    G.public,
    soon(
      'Connecting outside storage',
      'Finish linking a Google Drive, Dropbox or OneDrive account to Stratos.',
    ),
  ),

  // Dashboards.
  route(
    'dashboard',
    ['/dashboard', '/business-dashboard'],
    'Dashboard',
    G.dashboard,
    page(() => import('../features/dashboard/pages/dashboard-page')),
  ),
  route(
    'admin-dashboard',
    ['/admin-dashboard'],
    'Admin Dashboard',
    G.admin,
    page(() => import('../features/admin/pages/admin-dashboard-page')),
  ),
  route(
    'admin-outbox',
    ['/admin/outbox'],
    'Mail Outbox',
    G.outbox,
    page(() => import('../features/admin/pages/outbox-page')),
  ),
  route(
    'superadmin-panel',
    ['/superadmin-panel'],
    'Superadmin Panel',
    G.superadmin,
    soon(
      'The superadmin panel',
      'Run the platform: accounts, plans, provider keys and system health in one place.',
    ),
  ),
  route(
    'superadmin-business-intelligence',
    ['/superadmin-business-intelligence'],
    'Business Intelligence',
    G.superadmin,
    soon(
      'Business intelligence',
      'Growth, usage and retention across the whole platform, computed from real data.',
    ),
  ),
  route(
    'superadmin-financial',
    ['/superadmin-financial'],
    'Financial Overview',
    G.superadmin,
    soon('The financial overview', 'Revenue, subscriptions and credit balances across every account.'),
  ),
  route(
    'insights',
    ['/insights'],
    'Insights',
    G.dashboard,
    soon(
      'Insights',
      'Patterns in how you store and use your files, with suggestions to save space and money.',
    ),
  ),
  route(
    'billing',
    ['/billing'],
    'Billing',
    G.dashboard,
    page(() => import('../features/billing/pages/billing-page')),
  ),
  route('settings-billing', ['/settings/billing'], 'Billing Settings', G.account, {
    kind: 'redirect',
    to: '/settings?tab=billing',
    message: 'Redirecting to Billing Settings...',
  }),
  route(
    'alerts',
    ['/alerts'],
    'Alerts',
    G.dashboard,
    page(() => import('../features/billing/pages/alerts-page')),
  ),
  route(
    'workflows',
    ['/workflows'],
    'Workflows',
    G.dashboard,
    page(() => import('../features/workflows/pages/workflows-page')),
  ),
  route(
    'performance',
    ['/performance'],
    'Performance',
    G.admin,
    soon('Performance monitoring', 'Response times and throughput of the service, measured live.'),
  ),
  route(
    'enterprise-analytics',
    ['/enterprise/analytics'],
    'Enterprise Analytics',
    G.admin,
    soon('Enterprise analytics', 'Storage, AI and team activity across your organisation.'),
  ),

  // Platform (superadmin).
  route(
    'platform-settings',
    ['/platform/settings'],
    'Platform Settings',
    G.platform,
    soon(
      'Platform settings',
      'Upload limits, allowed file types and feature switches for the whole platform.',
    ),
  ),
  route(
    'platform-storage-add',
    ['/platform/storage/add'],
    'Add Platform Storage',
    G.platform,
    soon('Platform storage', 'Attach S3-compatible object storage as the home of every uploaded file.'),
  ),
  route(
    'platform-integration-tests',
    ['/platform/integration-tests'],
    'Integration Tests',
    G.platform,
    soon('Integration tests', 'Check each connected storage, mail, payment and AI provider with one click.'),
  ),

  // AI.
  route(
    'ai',
    ['/ai'],
    'AI',
    G.ai,
    page(() => import('../features/ai-chat/pages/ai-hub-page')),
  ),
  route(
    'ai-workbench',
    ['/ai/workbench'],
    'AI Workbench',
    G.aiUse,
    page(() => import('../features/ai-workbench/pages/ai-workbench-page')),
  ),
  route(
    'ai-chat',
    ['/ai-chat'],
    'AI Chat',
    G.ai,
    page(() => import('../features/ai-chat/pages/ai-chat-page')),
  ),
  route(
    'ai-enhanced-chat',
    ['/ai/enhanced-chat', '/ai/enhanced-chat/:conversationId'],
    'Enhanced Chat',
    G.ai,
    page(() => import('../features/ai-chat/pages/enhanced-chat-page')),
  ),
  route(
    'ai-fixed-chat',
    ['/ai/fixed-chat', '/ai/fixed-chat/:conversationId'],
    'Fixed Chat',
    G.ai,
    page(() => import('../features/ai-chat/pages/fixed-chat-page')),
  ),
  route(
    'ai-dashboard',
    ['/ai/dashboard'],
    'AI Dashboard',
    G.dashboard,
    page(() => import('../features/ai-dashboard/pages/ai-dashboard-page')),
  ),
  route(
    'ai-analytics',
    ['/ai-analytics'],
    'AI Analytics',
    G.aiRead,
    page(() => import('../features/ai-analytics/pages/ai-analytics-page')),
  ),
  route(
    'ai-benchmark',
    ['/ai-benchmark'],
    'AI Benchmark',
    G.aiRead,
    page(() => import('../features/ai-benchmark/pages/ai-benchmark-page')),
  ),
  route(
    'ai-performance',
    ['/ai-performance'],
    'AI Performance',
    G.aiRead,
    page(() => import('../features/ai-performance/pages/ai-performance-page')),
  ),
  route(
    'ai-assistant',
    ['/ai-assistant'],
    'AI Assistant',
    G.aiUse,
    page(() => import('../features/ai-assistant/pages/ai-assistant-page')),
  ),
  route(
    'ai-recommendations',
    ['/ai-recommendations'],
    'AI Recommendations',
    G.aiUse,
    page(() => import('../features/ai-recommendations/pages/ai-recommendations-page')),
  ),
  route(
    'ai-training',
    ['/ai/training'],
    'AI Training',
    G.aiTrain,
    page(() => import('../features/ai-training/pages/ai-training-page')),
  ),
  route(
    'ai-management',
    ['/ai/management'],
    'AI Management',
    G.admin,
    page(() => import('../features/ai-management/pages/ai-management-page')),
  ),
  {
    ...route(
      'ai-superadmin-learning',
      ['/ai/superadmin-learning'],
      'AI Learning Interface',
      G.superadmin,
      page(() => import('../features/ai-console/pages/ai-console-page')),
    ),
    denied: () => import('../features/ai-console/pages/console-access-denied'),
  },

  // Storage.
  route(
    'files',
    ['/files', '/files-fixed'],
    'Files',
    G.storageRead,
    page(() => import('../features/files/pages/files-page')),
  ),
  route(
    'files-debug',
    ['/files/debug'],
    'File Diagnostics',
    G.storageRead,
    soon('File diagnostics', 'Check how your files are stored and spot any that need attention.'),
  ),
  route(
    'files-smart-upload',
    ['/files/smart-upload'],
    'Smart Upload',
    G.storageWrite,
    soon('Smart upload', 'Drop files in and let the assistant name, tag and file them for you.'),
  ),
  route(
    'recycle-bin',
    ['/recycle-bin'],
    'Recycle Bin',
    G.storageRead,
    page(() => import('../features/recycle-bin/pages/recycle-bin-page')),
  ),
  route('storage-analytics', ['/storage/analytics'], 'Storage Analytics', G.storageRead, page(analyticsPage)),
  route('analytics', ['/analytics'], 'Analytics', G.storageRead, page(analyticsPage)),
  route(
    'storage-preferences',
    ['/storage/preferences'],
    'Storage Preferences',
    G.storageWrite,
    soon('Storage preferences', 'Choose where new files go and how they are organised.'),
  ),
  route(
    'storage-demo',
    ['/storage/demo'],
    'Storage Tour',
    G.storageWrite,
    soon('The storage tour', 'A guided walk through uploading, sharing and restoring files.'),
  ),
  route(
    'storage-add',
    ['/storage/add', '/add-storage'],
    'Add Storage',
    G.storageWrite,
    soon(
      'Connecting storage',
      'Link AWS S3, Google Drive, Dropbox, OneDrive, Azure or Google Cloud Storage.',
    ),
  ),
  route(
    'storage-manager',
    ['/storage/manager', '/storage-manager'],
    'Storage Manager',
    G.admin,
    soon('The storage manager', 'See and manage storage across every account in your organisation.'),
  ),

  // Account and system.
  route(
    'profile',
    ['/profile'],
    'Profile',
    G.account,
    page(() => import('../features/account/pages/profile-page')),
  ),
  route(
    'settings',
    ['/settings'],
    'Settings',
    G.account,
    page(() => import('../features/account/pages/settings-page')),
  ),
  route(
    'notifications',
    ['/notifications'],
    'Notifications',
    G.account,
    page(() => import('../features/account/pages/notifications-page')),
  ),
  route(
    'audit-log',
    ['/audit-log'],
    'Audit Log',
    G.admin,
    page(() => import('../features/admin/pages/audit-log-page')),
  ),
  route(
    'security-management',
    ['/security/management', '/security-management'],
    'Security Management',
    G.admin,
    soon('Security management', 'Sessions, sign-in activity and access policies for your organisation.'),
  ),
  route(
    'team',
    ['/team'],
    'Team',
    G.account,
    soon('Teams', 'Invite people, assign roles and share folders.'),
  ),
  route(
    'collaboration',
    ['/collaboration'],
    'Collaboration',
    G.account,
    soon('Collaboration', 'Work on shared files together, with comments and a history of changes.'),
  ),
  route(
    'marketplace',
    ['/marketplace'],
    'Marketplace',
    G.account,
    soon('The marketplace', 'Add-ons and integrations that extend Stratos.'),
  ),
];

export type ShellLayout = 'home' | 'auth' | 'standard';

const byPath = new Map<string, AppRoute>();
for (const r of APP_ROUTES) for (const p of r.paths) byPath.set(p, r);

/**
 * The home page has its own layout; the sign-in pages of the table (`bare`) the clean centred one
 * without header or footer (part 1 section 2); every other page, /auth/subscribe included, the
 * standard frame with the logo, header and footer.
 */
export function layoutFor(pathname: string): ShellLayout {
  if (pathname === '/') return 'home';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(trimmed)?.bare ? 'auth' : 'standard';
}

/** The route whose path (not pattern) is exactly `path`; menus use it to learn a link's access rule. */
export function routeForPath(path: string): AppRoute | undefined {
  return byPath.get(path.split(/[?#]/)[0] ?? path);
}
