import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export type UploadVia = 'multipart' | 'tus';

/**
 * What the app counts for Prometheus. Each app has its own registry (tests build several apps
 * in one process). Counters cost a map lookup, so they always count; the request histogram and
 * the process metrics exist only when METRICS_ENABLED, which is also what exposes /metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobSeconds: Histogram<'job'>;
  private readonly uploads: Counter<'via'>;
  private readonly uploadBytes: Counter<'via'>;
  private readonly aiCalls: Counter<'provider' | 'outcome'>;
  private readonly aiCost: Counter<'provider'>;
  readonly requests: Histogram<'method' | 'route' | 'status_code'> | null = null;

  constructor(readonly enabled: boolean) {
    const registers = [this.registry];
    this.jobRuns = new Counter({
      name: 'stratos_job_runs_total',
      help: 'Periodic job runs carried out by this process, by outcome (succeeded, failed)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobSeconds = new Histogram({
      name: 'stratos_job_duration_seconds',
      help: 'How long periodic job runs took',
      labelNames: ['job'],
      buckets: [0.01, 0.1, 1, 10, 60, 600],
      registers,
    });
    this.uploads = new Counter({
      name: 'stratos_uploads_total',
      help: 'Files stored by uploads, by protocol (multipart, tus)',
      labelNames: ['via'],
      registers,
    });
    this.uploadBytes = new Counter({
      name: 'stratos_upload_bytes_total',
      help: 'Bytes of the files stored by uploads, by protocol',
      labelNames: ['via'],
      registers,
    });
    this.aiCalls = new Counter({
      name: 'stratos_ai_calls_total',
      help: 'AI provider calls (each attempt of the router), by provider and outcome (success, failure)',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.aiCost = new Counter({
      name: 'stratos_ai_cost_dollars_total',
      help: 'What AI calls cost at the providers list prices, in US dollars',
      labelNames: ['provider'],
      registers,
    });
    if (enabled) {
      this.requests = new Histogram({
        name: 'http_request_duration_seconds',
        help: 'HTTP request latency by route pattern, method and status code',
        labelNames: ['method', 'route', 'status_code'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
        registers,
      });
      collectDefaultMetrics({ register: this.registry });
    }
  }

  jobRun(job: string, ok: boolean, seconds: number): void {
    this.jobRuns.inc({ job, outcome: ok ? 'succeeded' : 'failed' });
    this.jobSeconds.observe({ job }, seconds);
  }

  uploaded(via: UploadVia, bytes: number): void {
    this.uploads.inc({ via });
    this.uploadBytes.inc({ via }, bytes);
  }

  aiCall(provider: string, ok: boolean, costDollars: number): void {
    this.aiCalls.inc({ provider, outcome: ok ? 'success' : 'failure' });
    if (costDollars > 0) this.aiCost.inc({ provider }, costDollars);
  }

  request(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests?.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
