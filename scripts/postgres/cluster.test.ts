// The test run's throwaway cluster in shared memory: it lives there only while its run does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCluster } from './cluster';

const planted: string[] = [];
afterEach(() => {
  for (const dir of planted.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder as a run leaves it, owned by `pid`, last changed `ageMs` ago. */
function plant(name: string, pid: number | null, ageMs: number): string {
  const dir = path.join('/dev/shm', name);
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  if (pid !== null) fs.writeFileSync(path.join(dir, 'owner.pid'), String(pid));
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(dir, then, then);
  planted.push(dir);
  return dir;
}

it("starts in memory when there is room, and clears what killed runs left there, not a live run's", async () => {
  // A process that has ended: its number names no running process (for a good while).
  const ended = Number(execFileSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }));
  const killedRun = plant(`nmc-pg-killed-${process.pid}`, ended, 0);
  const liveRun = plant(`nmc-pg-live-${process.pid}`, process.pid, 0);
  const justMade = plant(`nmc-pg-new-${process.pid}`, null, 0);
  const ownerless = plant(`nmc-pg-old-${process.pid}`, null, 10 * 60_000);

  const { bavail, bsize } = fs.statfsSync('/dev/shm');
  const room = bavail * bsize >= 8 * 1024 ** 3;
  const cluster = await startCluster({ inMemory: true });
  try {
    expect(path.dirname(cluster.dir)).toBe(room ? '/dev/shm' : os.tmpdir());
    expect(fs.readFileSync(path.join(cluster.dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    expect([killedRun, liveRun, justMade, ownerless].map((d) => fs.existsSync(d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  } finally {
    cluster.stop();
  }
  expect(fs.existsSync(cluster.dir)).toBe(false);
}, 60_000);
