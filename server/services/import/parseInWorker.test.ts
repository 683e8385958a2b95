// The parser worker on its own: plain rows out, its memory ceiling enforced, and the warm worker
// reused between parses and replaced after a failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARSE_HEAP_MB, PARSE_RECYCLE_HEAP_MB } from './limits';
import { ParseError, parseInWorker, warmParserThreads } from './parseInWorker';
import { goodRows, workbookFile } from '../../test/importFiles';

describe('parseInWorker', () => {
  it('returns the sheet as plain string rows with the range start', async () => {
    const sheet = await parseInWorker(workbookFile(goodRows(2)), 'xlsx');
    expect(sheet.firstRow).toBe(1);
    expect(sheet.rows.row(2)).toEqual(goodRows(2)[2]);
    expect(sheet.formulaCells).toEqual([]);
  });

  it('hands over every cell exactly: rows of uneven length, empty cells, line breaks, any script', async () => {
    const csv = 'a,b,c\n"two\nlines",,"Ɔbaa, 🤰🏾"\nlast\n,,\n"ends with a comma,",x\n';
    const sheet = await parseInWorker(Buffer.from(csv), 'csv');
    expect(sheet.rows.toArray()).toEqual([
      ['a', 'b', 'c'],
      ['two\nlines', '', 'Ɔbaa, 🤰🏾'],
      ['last'],
      ['', '', ''],
      ['ends with a comma,', 'x'],
    ]);
  });

  it('ends a worker that runs out of its heap with a clear error', async () => {
    const big = workbookFile(goodRows(20_000));
    const failure = parseInWorker(big, 'xlsx', { heapMb: 8 });
    await expect(failure).rejects.toBeInstanceOf(ParseError);
    await expect(failure).rejects.toThrow(/more memory to read than an upload may use/);
  }, 30_000);

  it('keeps one worker warm between parses and replaces it after a timeout', async () => {
    await parseInWorker(workbookFile(goodRows(2)), 'xlsx');
    const [warm] = warmParserThreads();
    expect(warm).toBeGreaterThan(0);
    await parseInWorker(Buffer.from('a,b\n1,2\n'), 'csv');
    expect(warmParserThreads()).toEqual([warm]);

    await expect(parseInWorker(workbookFile(goodRows(3000)), 'xlsx', { timeoutMs: 1 })).rejects.toThrow(
      /took longer than/,
    );
    const [fresh] = warmParserThreads();
    expect(fresh).not.toBe(warm);
    const sheet = await parseInWorker(workbookFile(goodRows(3)), 'xlsx');
    expect(sheet.rows).toHaveLength(4);
    expect(warmParserThreads()).toEqual([fresh]);
  }, 30_000);

  it('stops a parse when told to, and replaces its worker', async () => {
    await parseInWorker(workbookFile(goodRows(2)), 'xlsx');
    const [warm] = warmParserThreads();
    const stop = new AbortController();
    const parse = parseInWorker(workbookFile(goodRows(3000)), 'xlsx', { signal: stop.signal });
    stop.abort();
    await expect(parse).rejects.toThrow(/was stopped/);
    const [fresh] = warmParserThreads();
    expect(fresh).not.toBe(warm);
    // Already stopped: no worker is taken.
    await expect(parseInWorker(workbookFile(goodRows(2)), 'xlsx', { signal: stop.signal })).rejects.toThrow(
      /was stopped/,
    );
    expect(warmParserThreads()).toEqual([fresh]);
  }, 30_000);

  it('replaces a worker left holding a large heap', async () => {
    await parseInWorker(workbookFile(goodRows(2)), 'xlsx');
    const [before] = warmParserThreads();
    // Any worker with SheetJS loaded holds far more than 1 MB: the limit stands for one left bloated.
    expect(PARSE_RECYCLE_HEAP_MB).toBeLessThan(PARSE_HEAP_MB);
    const sheet = await parseInWorker(workbookFile(goodRows(3)), 'xlsx', { recycleHeapMb: 1 });
    expect(sheet.rows).toHaveLength(4);
    const after = warmParserThreads();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  }, 30_000);

  it('does not keep a process alive once the parse is done', () => {
    const script = `
      const { parseInWorker } = await import('./server/services/import/parseInWorker.ts');
      const sheet = await parseInWorker(Buffer.from('a,b\\n1,2\\n'), 'csv');
      console.log(JSON.stringify(sheet.rows.toArray()));
    `;
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('[["a","b"],["1","2"]]');
  }, 30_000);
});
