// The parser worker on its own: plain rows out, and its memory ceiling enforced.
import { describe, expect, it } from 'vitest';
import { ParseError, parseInWorker } from './parseInWorker';
import { goodRows, workbookFile } from './testFixtures';

describe('parseInWorker', () => {
  it('returns the sheet as plain string rows with the range start', async () => {
    const sheet = await parseInWorker(workbookFile(goodRows(2)), 'xlsx');
    expect(sheet.firstRow).toBe(1);
    expect(sheet.rows[2]).toEqual(goodRows(2)[2]);
    expect(sheet.formulaCells).toEqual([]);
  });

  it('ends a worker that runs out of its heap with a clear error', async () => {
    const big = workbookFile(goodRows(20_000));
    const failure = parseInWorker(big, 'xlsx', { heapMb: 8 });
    await expect(failure).rejects.toBeInstanceOf(ParseError);
    await expect(failure).rejects.toThrow(/more memory to read than an upload may use/);
  }, 30_000);
});
