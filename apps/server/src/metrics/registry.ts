/**
 * A small Prometheus registry: counters, gauges and histograms with labels,
 * rendered in the text exposition format (version 0.0.4). Hand-written because
 * the format is small and the server needs nothing else of a client library.
 */
export type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  render(lines: string[]): void;
}

/** Label values may hold anything; the format escapes backslash, quote and newline. */
export function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  if (extra !== undefined) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

/** Numbers as Prometheus reads them: integers plainly, infinities as +Inf/-Inf. */
export function formatValue(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "+Inf";
  if (n === -Infinity) return "-Inf";
  return String(n);
}

/**
 * Series keyed by their label set (labels sorted by name, so order never
 * splits a series). The key is built without allocating objects: counters
 * are bumped for every event the gateway sends.
 */
class Series<T> {
  private readonly byKey = new Map<string, { labels: Labels; value: T }>();

  constructor(private readonly init: () => T) {}

  get(labels: Labels): T {
    return this.entry(labels).value;
  }

  set(labels: Labels, update: (value: T) => T): void {
    const entry = this.entry(labels);
    entry.value = update(entry.value);
  }

  entries(): { labels: Labels; value: T }[] {
    return [...this.byKey.values()];
  }

  private entry(labels: Labels): { labels: Labels; value: T } {
    const names = Object.keys(labels);
    if (names.length > 1) names.sort();
    let key = "";
    for (const name of names) key += `${name}\u0000${labels[name]}\u0001`;
    let entry = this.byKey.get(key);
    if (entry === undefined) {
      const sorted: Record<string, string> = {};
      for (const name of names) sorted[name] = labels[name] as string;
      entry = { labels: sorted, value: this.init() };
      this.byKey.set(key, entry);
    }
    return entry;
  }
}

export class Counter implements Metric {
  private readonly series = new Series(() => 0);

  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    this.series.set(labels, (v) => v + by);
  }

  value(labels: Labels = {}): number {
    return this.series.get(labels);
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} counter`);
    for (const { labels, value } of this.series.entries())
      lines.push(`${this.name}${labelText(labels)} ${formatValue(value)}`);
  }
}

export class Gauge implements Metric {
  private readonly series = new Series(() => 0);

  constructor(
    readonly name: string,
    private readonly help: string,
    /** Read at render time instead of being set (process memory…). */
    private readonly collect?: () => { labels?: Labels; value: number }[],
  ) {}

  set(value: number, labels: Labels = {}): void {
    this.series.set(labels, () => value);
  }

  inc(labels: Labels = {}, by = 1): void {
    this.series.set(labels, (v) => v + by);
  }

  dec(labels: Labels = {}, by = 1): void {
    this.series.set(labels, (v) => v - by);
  }

  value(labels: Labels = {}): number {
    return this.series.get(labels);
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} gauge`);
    if (this.collect !== undefined) {
      for (const { labels, value } of this.collect()) this.set(value, labels ?? {});
    }
    for (const { labels, value } of this.series.entries())
      lines.push(`${this.name}${labelText(labels)} ${formatValue(value)}`);
  }
}

interface HistogramState {
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram implements Metric {
  private readonly series: Series<HistogramState>;

  constructor(
    readonly name: string,
    private readonly help: string,
    /** Upper bounds, ascending; +Inf is implied. */
    private readonly buckets: readonly number[],
  ) {
    this.series = new Series(() => ({ counts: buckets.map(() => 0), sum: 0, count: 0 }));
  }

  observe(value: number, labels: Labels = {}): void {
    const state = this.series.get(labels);
    for (let i = 0; i < this.buckets.length; i++) {
      if (value <= (this.buckets[i] as number)) state.counts[i] = (state.counts[i] ?? 0) + 1;
    }
    state.sum += value;
    state.count += 1;
  }

  count(labels: Labels = {}): number {
    return this.series.get(labels).count;
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} histogram`);
    for (const { labels, value } of this.series.entries()) {
      this.buckets.forEach((le, i) => {
        lines.push(
          `${this.name}_bucket${labelText(labels, ["le", formatValue(le)])} ${value.counts[i] ?? 0}`,
        );
      });
      lines.push(`${this.name}_bucket${labelText(labels, ["le", "+Inf"])} ${value.count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${formatValue(value.sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    }
  }
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }

  gauge(name: string, help: string, collect?: () => { labels?: Labels; value: number }[]): Gauge {
    return this.add(new Gauge(name, help, collect));
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, buckets));
  }

  /** The text exposition format, one metric family after another. */
  render(): string {
    const lines: string[] = [];
    for (const metric of this.metrics) metric.render(lines);
    return `${lines.join("\n")}\n`;
  }

  private add<T extends Metric>(metric: T): T {
    if (this.metrics.some((m) => m.name === metric.name))
      throw new Error(`metric ${metric.name} is registered twice`);
    this.metrics.push(metric);
    return metric;
  }
}
