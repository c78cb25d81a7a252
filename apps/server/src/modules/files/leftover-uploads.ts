import type { AppContext } from '../../app-context';
import type { LapseHandler } from '../../instances/instance-lease';
import { type TempListing, tempKeyOwner } from '../../storage/storage-driver';
import { UploadReservationsRepository } from './upload-reservations.repository';

/** Which processes were alive when a sweep began (instances/instance-lease.ts). */
export interface LiveProcesses {
  live: ReadonlySet<string>;
  liveAt: Date;
}

/**
 * Which temporary upload objects are leftovers: one named after a process that is not alive
 * (dead, or forgotten since), written before the sweep looked (a process that registered since
 * may be writing it), goes at once, whatever its age; any other, including one a live process
 * leaked, once untouched for the grace period (a live upload keeps writing to it).
 */
export function leftoverTemp(p: LiveProcesses & { olderThan: Date }) {
  return (t: TempListing): boolean => {
    const owner = tempKeyOwner(t.tempKey);
    if (owner && !p.live.has(owner) && t.modifiedAt < p.liveAt) return true;
    return t.modifiedAt < p.olderThan;
  };
}

/**
 * What dead processes leave of uploads: their quota reservations (which stopped counting when
 * the process was found dead) are deleted and their temporary objects removed. At start and
 * whenever a process is found dead (InstanceLease.onLapsed).
 */
export function leftoverUploadsHandler(ctx: AppContext): LapseHandler {
  const reservations = new UploadReservationsRepository(ctx.database.db);
  return async ({ lapsed, live, liveAt }) => {
    const released = await reservations.deleteOwnedBy(lapsed);
    const olderThan = new Date(ctx.clock.now().getTime() - ctx.config.storageGcGraceMs);
    const removed = await ctx.storage.sweepTemp(leftoverTemp({ live, liveAt, olderThan }));
    if (released + removed > 0) {
      ctx.log.info(
        `gave back ${released} upload reservation(s) and removed ${removed} temporary upload object(s) of stopped processes`,
      );
    }
  };
}
