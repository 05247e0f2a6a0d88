// Prometheus metrics for /metrics (prom-client), one registry per app: HTTP latency per
// route, jobs queued/active/failed per job, processing seconds per second of audio, and
// uploaded bytes. Queue depths are read from pg-boss when scraped, so every process reports
// the same shared queue.
import client from "prom-client";

export class Metrics {
  readonly registry = new client.Registry();
  readonly httpDuration = new client.Histogram({
    name: "minutes_http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobsFailed = new client.Counter({
    name: "minutes_jobs_failed_total",
    help: "Job tries that failed in this process, by job",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });
  readonly processingRatio = new client.Histogram({
    name: "minutes_transcription_seconds_per_audio_second",
    help: "Transcription wall time divided by the recording's duration",
    buckets: [0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 5],
    registers: [this.registry],
  });
  readonly uploadBytes = new client.Counter({
    name: "minutes_upload_bytes_total",
    help: "Bytes of recordings and transcripts uploaded to this process",
    registers: [this.registry],
  });

  constructor(queueDepths: () => Promise<{ job: string; queued: number; active: number }[]>) {
    const active = new client.Gauge({
      name: "minutes_jobs_active",
      help: "Jobs running in any process, by job",
      labelNames: ["job"] as const,
      registers: [],
    });
    // Read from pg-boss on each scrape; `queued` is collected first and fills `active` too.
    const queued = new client.Gauge({
      name: "minutes_jobs_queued",
      help: "Jobs waiting, by job",
      labelNames: ["job"] as const,
      registers: [this.registry],
      async collect() {
        for (const d of await queueDepths().catch(() => [])) {
          this.set({ job: d.job }, d.queued);
          active.set({ job: d.job }, d.active);
        }
      },
    });
    void queued;
    this.registry.registerMetric(active);
    client.collectDefaultMetrics({ register: this.registry, prefix: "minutes_" });
  }
}
