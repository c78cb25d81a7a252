import type { AppContext } from '../app-context';
import type { JobScheduler } from './scheduler';

/** Every periodic job. A job adds one line here; a second handler under one name stops the app. */
export function registerJobs(jobs: JobScheduler, _ctx: AppContext): void {
  void jobs;
}
