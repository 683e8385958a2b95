// Reads a V8 CPU profile (node --cpu-prof) and lists where the time went: by function (self
// time) and by package, so a missed target names its cause.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: Array<{ name: string; ms: number; share: number }>;
  byPackage: Array<{ name: string; ms: number; share: number }>;
}

function packageOf(url: string): string {
  if (!url) return '(native/idle/gc)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node core';
  const app = /\/work\/[^/]+\/(server|db|shared|scripts)\//.exec(url);
  return app ? `app ${app[1]}/` : url.replace(/^file:\/\//, '');
}

export function summarize(file: string, top = 20): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/[^/]+\//, '');
    const key = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const p = functionName.startsWith('(') ? functionName : packageOf(url);
    pkg.set(p, (pkg.get(p) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 }));
  return { totalMs: total / 1000, byFunction: rank(fn), byPackage: rank(pkg) };
}

/** CLI: npx tsx scripts/bench/profile.ts FILE.cpuprofile */
if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const s = summarize(process.argv[2]);
  console.log(`busy ${s.totalMs.toFixed(0)} ms`);
  for (const [title, rows] of [
    ['by package', s.byPackage],
    ['by function', s.byFunction],
  ] as const) {
    console.log(`\n${title}:`);
    for (const r of rows)
      console.log(
        `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}`,
      );
  }
}
