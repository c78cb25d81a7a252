import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { adminRoutes } from './admin/admin.routes';
import { auditRoutes } from './audit/audit.routes';
import { alertsRoutes } from './billing/alerts/alerts.routes';
import { creditsRoutes } from './billing/credits/credits.routes';
import { authRoutes } from './auth/auth.routes';
import { contactRoutes } from './contact/contact.routes';
import { bulkRoutes } from './files/bulk.routes';
import { dashboardRoutes } from './files/dashboard.routes';
import { downloadRoutes } from './files/download.routes';
import { filesRoutes } from './files/files.routes';
import { foldersRoutes } from './files/folders.routes';
import { recycleBinRoutes } from './files/recycle-bin.routes';
import { shareRoutes } from './files/share.routes';
import { statsRoutes } from './files/stats.routes';
import { tusRoutes } from './files/tus.routes';
import { uploadRoutes } from './files/upload.routes';
import { healthRoutes } from './health/health.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { plansRoutes } from './plans/plans.routes';
import { preferencesRoutes } from './preferences/preferences.routes';

/** Every API module, mounted under /api. A module adds one line here. */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await api.register(healthRoutes(ctx));
  await api.register(plansRoutes(ctx));
  await api.register(auditRoutes(ctx));
  await api.register(authRoutes(ctx));
  await api.register(preferencesRoutes(ctx));
  await api.register(adminRoutes(ctx));
  await api.register(contactRoutes(ctx));
  await api.register(filesRoutes(ctx));
  await api.register(foldersRoutes(ctx));
  await api.register(bulkRoutes(ctx));
  await api.register(recycleBinRoutes(ctx));
  await api.register(shareRoutes(ctx));
  await api.register(statsRoutes(ctx));
  await api.register(dashboardRoutes(ctx));
  await api.register(uploadRoutes(ctx));
  await api.register(downloadRoutes(ctx));
  await api.register(tusRoutes(ctx));
  await api.register(notificationsRoutes(ctx));
  await api.register(creditsRoutes(ctx));
  await api.register(alertsRoutes(ctx));
}
