// Latency samples per procedure and their percentiles.
export interface Percentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export class Latencies {
  private readonly samples = new Map<string, number[]>();

  add(name: string, ms: number): void {
    const list = this.samples.get(name) ?? [];
    list.push(ms);
    this.samples.set(name, list);
  }

  clear(): void {
    this.samples.clear();
  }

  summary(): Record<string, Percentiles> {
    const out: Record<string, Percentiles> = {};
    for (const [name, list] of this.samples) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
      out[name] = {
        count: sorted.length,
        p50: at(0.5),
        p90: at(0.9),
        p99: at(0.99),
        max: Math.round(sorted.at(-1) ?? 0),
      };
    }
    return out;
  }
}
