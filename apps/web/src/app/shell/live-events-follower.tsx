import { useLiveEvents } from '../../lib/live-events';
import { queryClient } from '../query-client';

/** Follows the server's live events for a signed-in person (mounted by the shell only then). */
export function LiveEventsFollower() {
  useLiveEvents(queryClient);
  return null;
}
