// What the server measured itself (GET /metrics) beside the load tool's own event-loop delay, read
// each minute of a scheduled run: when a save is slow for the simulated student, this tells
// whether the server was slow or the load tool (10,000 students in one process) was late.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Cumulative server-side counts of quiz.saveAnswer calls, all outcomes. */
export interface SaveCounts {
  count: number;
  over500ms: number;
}

const SAVES = 'procedure="quiz.saveAnswer"';

/** Reads the save histogram from /metrics (summed over the workers by the primary); null if unreadable. */
export async function serverSaveCounts(base: string): Promise<SaveCounts | null> {
  try {
    const res = await fetch(new URL('/metrics', base), { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    let count = 0;
    let within = 0;
    for (const line of (await res.text()).split('\n')) {
      if (!line.includes(SAVES)) continue;
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (line.startsWith('nmc_procedure_duration_seconds_count')) count += value;
      else if (line.startsWith('nmc_procedure_duration_seconds_bucket') && line.includes('le="0.5"'))
        within += value;
    }
    return { count, over500ms: count - within };
  } catch {
    return null;
  }
}

/** The server's saves since `before`: how many, and how many took over 500 ms inside the server. */
export function savesSince(now: SaveCounts | null, before: SaveCounts | null): string {
  if (!now || !before) return 'server figures unreadable';
  return `server: ${now.over500ms - before.over500ms} of ${now.count - before.count} saves over 500 ms`;
}

/** The load tool's own event-loop delay, reset at each reading. */
export class ToolDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });

  constructor() {
    this.histogram.enable();
  }

  read(): string {
    const ms = (ns: number) => Math.round(ns / 1e6);
    const text = `load tool's event-loop delay p99 ${ms(this.histogram.percentile(99))} ms, max ${ms(this.histogram.max)} ms`;
    this.histogram.reset();
    return text;
  }

  stop(): void {
    this.histogram.disable();
  }
}
