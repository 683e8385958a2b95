// The one reader of tRPC's URL format, and the body rules following it to the procedure tRPC runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { readTrpcUrl } from './trpcUrl';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('readTrpcUrl', () => {
  it('reads a single call, with and without its input', () => {
    expect(readTrpcUrl('/auth.login')).toMatchObject({ paths: ['auth.login'], batch: false, input: null });
    const read = readTrpcUrl(`/catalog.papers?input=${q({ programId: 3 })}`);
    expect(read).toMatchObject({ paths: ['catalog.papers'], batch: false });
    expect(JSON.parse(read!.input!)).toEqual({ programId: 3 });
  });

  it('reads a batch as its comma-separated procedures, in order', () => {
    const read = readTrpcUrl(`/catalog.programs,catalog.papers?batch=1&input=${q({ 1: { programId: 3 } })}`);
    expect(read).toMatchObject({ paths: ['catalog.programs', 'catalog.papers'], batch: true });
    expect(JSON.parse(read!.input!)).toEqual({ 1: { programId: 3 } });
  });

  it('takes commas as part of one name unless batch is 1, by its first value', () => {
    expect(readTrpcUrl('/a.b,c.d')!.paths).toEqual(['a.b,c.d']);
    expect(readTrpcUrl('/a.b,c.d?batch=true')!.paths).toEqual(['a.b,c.d']);
    expect(readTrpcUrl('/a.b,c.d?batch=1&batch=0')!.paths).toEqual(['a.b', 'c.d']);
    expect(readTrpcUrl('/a.b,c.d?batch=0&batch=1')!.paths).toEqual(['a.b,c.d']);
  });

  it('decodes percent-escapes in the names, commas included', () => {
    expect(readTrpcUrl('/questions%2Eupload')!.paths).toEqual(['questions.upload']);
    expect(readTrpcUrl('/quiz.submit%2Cquiz.saveAnswer?batch=1')!.paths).toEqual([
      'quiz.submit',
      'quiz.saveAnswer',
    ]);
  });

  it('reads the last segment of a whole address', () => {
    const read = readTrpcUrl('http://127.0.0.1:8000/trpc/profile.get,notifications.list?batch=1');
    expect(read).toMatchObject({ paths: ['profile.get', 'notifications.list'], batch: true, input: null });
    expect(readTrpcUrl('/trpc/')!.paths).toEqual(['']);
  });

  it('refuses a broken percent-escape, and keeps a broken input for the caller to judge', () => {
    expect(readTrpcUrl('/%E0%A4')).toBeNull();
    expect(readTrpcUrl('/catalog.papers%')).toBeNull();
    expect(readTrpcUrl('/catalog.papers?input=%7Bnope')!.input).toBe('{nope');
    expect(readTrpcUrl('/catalog.programs?connectionParams=1')!.params.has('connectionParams')).toBe(true);
  });
});

describe('body rules of an address tRPC decodes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smtp: false });
  });
  afterAll(() => t.close());

  it('apply the rules of the procedure tRPC runs, not of the name as written', async () => {
    // 10 KB is over a public form's ceiling but within an admin's: a signed-out caller is told
    // to sign in (the admin procedure's own answer), not that the body is too large.
    const body = JSON.stringify({ name: 'x'.repeat(10 * 1024), description: '' });
    for (const path of [
      '/trpc/admin%2EcreateProgram',
      '/trpc/admin.createProgram,admin.createProgram?batch=1&batch=1',
    ]) {
      const res = await t.api<{ error?: { data: { code: string } } } | unknown[]>('POST', path, {
        raw: body,
      });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    expect(await t.db.selectFrom('programs').select('id').execute()).toEqual([]);
  });
});
