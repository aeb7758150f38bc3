import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface DurationSeries {
  labels: { method: string; route: string; status: string };
  /** observations per bucket (not cumulative); the last one counts those above every bound */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds` by method, route and status: a Prometheus histogram written exactly as
 * prom-client's Histogram writes it (same lines, labels and order), counted with one map look-up per
 * request. prom-client's own observe validates and hashes the label object on every call, about a
 * microsecond a request: a fifth of what the cheapest cached answer costs the whole app.
 */
class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by route and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  #series = new Map<string, DurationSeries>();

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${status} ${method} ${route}`;
    let s = this.#series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status: String(status) },
        counts: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, s);
    }
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    s.counts[i]! += 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** What prom-client's Histogram answers the registry (its export format). */
  getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: {
      labels: Record<string, string | number>;
      sharedLabels: Record<string, string>;
      value: number;
      metricName: string;
      exemplar?: null;
    }[] = [];
    for (const s of this.#series.values()) {
      let acc = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        acc += s.counts[i]!;
        values.push({
          labels: { le },
          sharedLabels: s.labels,
          value: acc,
          metricName: bucket,
          exemplar: null,
        });
      });
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: s.labels,
          value: s.count,
          metricName: bucket,
          exemplar: null,
        },
        { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (registry.getMetricsAsJSON): the series' labels merged into each value's. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...v }) => ({
        ...v,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset() {
    this.#series.clear();
  }
}

/** Prometheus metrics on a per-app registry, so several apps in one process (tests) don't collide. */
export function installMetrics(app: FastifyInstance) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new RequestDurations();
  registry.registerMetric(duration as unknown as client.Metric);
  app.addHook('onResponse', (req, reply, done) => {
    duration.observe(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
