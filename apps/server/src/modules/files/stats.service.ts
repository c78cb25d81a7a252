import type { AnalyticsReply, DashboardReply } from '@stratos/contracts/files/stats.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { AnalysisRepository } from '../ai/analysis/analysis.repository';
import { chainToPath, toFileItem } from './file-item';
import { foldFileTypes } from './stats.categories';
import { StatsRepository } from './stats.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const GIB = 1024 ** 3;
/** Storage price (DECISIONS.md section 2): what a deduplicated byte would have cost. */
export const STORAGE_DOLLARS_PER_GIB_MONTH = 0.2;
const HISTORY_DAYS = 30;
const RECENT_FILES = 10;

const userNotFound = () => notFound('User not found');

/** The first instant of the UTC day `daysAgo` days before `now`'s day. */
function utcDayStart(now: Date, daysAgo: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
}

/** Rounds away floating-point noise (6 decimals). */
const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

/** Storage figures, analytics and the dashboard, all computed from stored rows. */
export class StatsService {
  private readonly repo: StatsRepository;
  private readonly analyses: AnalysisRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new StatsRepository(db);
    this.analyses = new AnalysisRepository(db);
  }

  /** Stored bytes and files: what counts against the quota, the recycle bin included. */
  async storage(userId: string): Promise<{ totalSize: number; fileCount: number }> {
    const o = await this.repo.overview(userId, this.clock.now());
    if (!o) throw userNotFound();
    return { totalSize: o.usedBytes, fileCount: o.fileCount };
  }

  async usageGB(userId: string): Promise<{ totalStorageGB: number }> {
    const { totalSize } = await this.storage(userId);
    return { totalStorageGB: totalSize / GIB };
  }

  async transfersGB(userId: string, days: number): Promise<{ totalTransferGB: number; days: number }> {
    if (!(await this.repo.userExists(userId))) throw userNotFound();
    const bytes = await this.repo.transferBytes(userId, new Date(this.clock.now().getTime() - days * DAY_MS));
    return { totalTransferGB: bytes / GIB, days };
  }

  /** Totals, types, and the stored size at the end of each of the last 30 UTC days (today included). */
  async analytics(userId: string): Promise<AnalyticsReply> {
    const now = this.clock.now();
    const start = utcDayStart(now, HISTORY_DAYS - 1);
    const [o, ledger] = await Promise.all([
      this.repo.overview(userId, now),
      this.repo.ledger(userId, start, now),
    ]);
    if (!o) throw userNotFound();
    const storageOverTime: AnalyticsReply['storageOverTime'] = [];
    let bytes = ledger.before.bytes;
    let files = ledger.before.files;
    for (let i = HISTORY_DAYS - 1; i >= 0; i--) {
      const date = utcDayStart(now, i).toISOString().slice(0, 10);
      const change = ledger.days.get(date);
      if (change) {
        bytes += change.bytes;
        files += change.files;
      }
      storageOverTime.push({ date, totalSize: bytes, fileCount: files });
    }
    return {
      totalFiles: o.fileCount,
      totalSize: o.usedBytes,
      fileTypes: foldFileTypes(o.types),
      storageOverTime,
    };
  }

  /** Everything the dashboard shows: three statements (the figures, the recent files, the AI analyses). */
  async dashboard(userId: string): Promise<DashboardReply> {
    const now = this.clock.now();
    const [o, recent, totalAnalyses] = await Promise.all([
      this.repo.overview(userId, new Date(now.getTime() - 30 * DAY_MS)),
      this.repo.recentFiles(userId, RECENT_FILES),
      this.analyses.totalRuns(userId),
    ]);
    if (!o) throw userNotFound();
    return {
      success: true,
      stats: {
        totalFiles: o.fileCount,
        totalSize: o.usedBytes,
        // Completed analysis runs of live files, the same figure as the AI dashboard's.
        totalAnalyses,
        dedupSavedBytes: o.dedupSavedBytes,
        costSavingsPerMonth: tidy((o.dedupSavedBytes / GIB) * STORAGE_DOLLARS_PER_GIB_MONTH),
        quotaBytes: o.quotaBytes,
        fileTypes: foldFileTypes(o.types),
        lastUpdated: now.toISOString(),
      },
      recentFiles: recent.map((r) => toFileItem(r, chainToPath(r.chain.map((name) => ({ name }))))),
      transferLast30DaysBytes: o.transferBytes,
    };
  }
}
