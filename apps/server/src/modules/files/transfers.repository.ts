import type { Db } from '../../db/client';
import { transfers } from '../../db/schema/index';

export interface TransferRecord {
  userId: string;
  fileId: string | null;
  bytes: number;
  kind: 'download' | 'share_download';
}

/** Bytes sent to users, one row per download (a range counts its length). */
export class TransfersRepository {
  constructor(private readonly db: Db) {}

  async record(t: TransferRecord): Promise<void> {
    await this.db.insert(transfers).values(t);
  }
}
