import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus metrics, one registry per app, served at /metrics to a scraper with
 * METRICS_TOKEN (server/plugins/metrics.ts). Modules add theirs through the helpers below, so a
 * name is registered once however many parts observe it. Names and their alerts:
 * deploy/prometheus/alerts.yml; what each alert means: docs/operations.md.
 */
export type Metrics = Registry;

/**
 * The process's own figures (memory, event-loop delay, GC) only where they are scraped: their
 * collectors watch the process for as long as it runs.
 */
export function createMetrics({ process = false }: { process?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (process) collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds between these edges: from a few milliseconds (a push) to a minute (a stuck feed). */
const DELAY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

type Labels<L extends string> = { name: string; help: string; labelNames?: readonly L[] };

export function histogram<L extends string = string>(
  metrics: Metrics,
  { name, help, labelNames = [], buckets = DELAY_BUCKETS }: Labels<L> & { buckets?: number[] },
): Histogram<L> {
  return (
    (metrics.getSingleMetric(name) as Histogram<L> | undefined) ??
    new Histogram({ name, help, labelNames, buckets, registers: [metrics] })
  );
}

export function counter<L extends string = string>(
  metrics: Metrics,
  { name, help, labelNames = [] }: Labels<L>,
): Counter<L> {
  return (
    (metrics.getSingleMetric(name) as Counter<L> | undefined) ??
    new Counter({ name, help, labelNames, registers: [metrics] })
  );
}

type Reader<L extends string> = () =>
  | Promise<[Partial<Record<L, string>>, number][]>
  | [Partial<Record<L, string>>, number][];

/** The readers behind each gauge read at scrape. */
const readersOf = new WeakMap<object, Reader<string>[]>();

/**
 * A gauge read when scraped: `read` gives each label set's value now. Several parts may add
 * readers under one name, each for its own labels (the sockets of each path).
 */
export function gaugeReadAtScrape<L extends string = string>(
  metrics: Metrics,
  { name, help, labelNames = [] }: Labels<L>,
  read: Reader<L>,
): void {
  let gauge = metrics.getSingleMetric(name);
  if (!gauge) {
    const readers: Reader<string>[] = [];
    gauge = new Gauge<string>({
      name,
      help,
      labelNames,
      registers: [metrics],
      async collect() {
        this.reset();
        for (const reader of readers) {
          // A reader that fails (the database away) leaves its samples out, not the whole scrape.
          const samples = await Promise.resolve()
            .then(reader)
            .catch(() => []);
          for (const [labels, value] of samples) this.set(labels, value);
        }
      },
    });
    readersOf.set(gauge, readers);
  }
  readersOf.get(gauge)?.push(read as Reader<string>);
}
