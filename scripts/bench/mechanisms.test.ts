// The bench's comparisons (npm run bench -- --compare NAME) hold only while the server without a
// mechanism really differs from the other: each source change must still find what it changes.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairedGains, roundOrder } from './compare';
import type { Measurement } from './cannon';
import {
  applyPatches,
  MECHANISMS,
  patchApplies,
  sourceWithout,
  type SourcePatch,
} from './mechanisms';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the server without a mechanism', () => {
  const files = ['server', 'db', 'shared'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it.each(MECHANISMS.filter((m) => sourceWithout(m).patches.length))(
    'without %s: every patch of its source finds its text',
    (mechanism) => {
      const { patches } = sourceWithout(mechanism);
      const used = new Set<SourcePatch>();
      for (const file of files) {
        if (patches.some((p) => patchApplies(p, file, ROOT)))
          applyPatches(fs.readFileSync(file, 'utf8'), file, ROOT, patches, used);
      }
      expect(patches.filter((p) => !used.has(p))).toEqual([]);
    },
  );

  it.each(MECHANISMS.filter((m) => sourceWithout(m).substitutes.length))(
    'without %s: the module it takes instead exports what the app’s does',
    async (mechanism) => {
      for (const s of sourceWithout(mechanism).substitutes) {
        const app = await import(path.join(ROOT, s.file));
        const stand = await import(path.join(ROOT, s.with));
        expect(Object.keys(stand).sort()).toEqual(Object.keys(app).sort());
      }
    },
  );
});

describe('rounds of a comparison', () => {
  const m = (rps: number, cpuUsPerRequest: number) => ({ rps, cpuUsPerRequest }) as Measurement;

  it('alternate which side goes first, pair by pair', () => {
    expect(roundOrder(6)).toEqual(['with', 'without', 'without', 'with', 'with', 'without']);
  });

  it('gain by the median of the pairs measured one after the other', () => {
    // The machine slows down from the second pair on; each pair still shows the mechanism's 50%.
    const gains = pairedGains([
      { side: 'with', m: m(300, 100) },
      { side: 'without', m: m(200, 150) },
      { side: 'without', m: m(100, 300) },
      { side: 'with', m: m(150, 200) },
      { side: 'with', m: m(60, 500) },
      { side: 'without', m: m(50, 1000) },
    ]);
    expect(gains.rps).toBeCloseTo(0.5);
    expect(gains.cpu).toBeCloseTo(0.5);
  });
});
