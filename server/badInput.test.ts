// The bad-input sweep: every tRPC procedure (read from the router, so new
// ones are covered without editing this file) and every REST path (read from the Express router
// stack) is called with missing, wrong-typed, oversized and hostile values, and without a token,
// with a wrong one, and with a student's where an admin's is needed. Every answer must be a 4xx
// with a clear JSON message, never a 5xx or a stack trace, and the database must not change.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFixture, type Fixture } from '../scripts/bench/fixtures';
import { restRouter } from './rest/index';
import { appRouter } from './router';
import { TokenSigner } from './services/tokens';
import {
  ADMIN_NAMESPACES,
  badAnswer,
  baseInputs,
  fieldsOf,
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  PUBLIC_PROCEDURES,
  QUERY_STRING_MAX,
} from './test/badInputCases';
import { fingerprint as fingerprintOf } from './test/fingerprint';
import { startTestServer, type TestServer } from './test/harness';

interface Procedure {
  _def: {
    type: 'query' | 'mutation' | 'subscription';
    inputs: Array<{ safeParse?: (v: unknown) => { success: boolean } }>;
  };
}
const PROCEDURES = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

let t: TestServer;
let f: Fixture;
let student: string;
let admin: string;

/** The database's content now, hashed per table. */
const fingerprint = () => fingerprintOf(t.db);

/**
 * Sends requests one after another and says which tables each one changed. Nothing else writes
 * between two requests, so the fingerprint taken after one is the one before the next: a request
 * costs one fingerprint, not two.
 */
function databaseWatch() {
  let last: Record<string, string> | undefined;
  return async <T>(send: () => Promise<T>): Promise<{ res: T; changed: string[] }> => {
    const before = last ?? (await fingerprint());
    const res = await send();
    const after = await fingerprint();
    last = after;
    return { res, changed: Object.keys(before).filter((k) => before[k] !== after[k]) };
  };
}

const isAdminOnly = (name: string) => ADMIN_NAMESPACES.some((ns) => name.startsWith(ns));

interface Variant {
  label: string;
  input?: unknown;
  /** A raw body (mutations only): sent as is, always invalid. */
  raw?: string;
}

async function callProcedure(name: string, type: string, v: Variant, token: string | null) {
  if (type === 'query') {
    const query = v.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(v.input))}`;
    return t.api('GET', `/trpc/${name}${query}`, { token });
  }
  // A tRPC client always labels a mutation as JSON, even one without input.
  return t.api('POST', `/trpc/${name}`, {
    token,
    headers: { 'content-type': 'application/json' },
    ...(v.raw !== undefined ? { raw: v.raw } : v.input === undefined ? {} : { raw: JSON.stringify(v.input) }),
  });
}

function variantsOf(name: string, type: string, schema: unknown): Variant[] {
  const base = baseInputs(f)[name] ?? {};
  const fields = [...new Set([...Object.keys(base), ...fieldsOf(schema)])];
  const cap = (v: unknown) => (type === 'query' && typeof v === 'string' ? v.slice(0, QUERY_STRING_MAX) : v);
  const protoTop = JSON.parse(`{"__proto__":{"is_staff":1},"constructor":{"prototype":{"is_staff":1}}}`);
  const variants: Variant[] = [
    { label: 'no input' },
    { label: 'null', input: null },
    { label: 'a string', input: "1' OR '1'='1" },
    { label: 'a number', input: 42 },
    { label: 'an empty array', input: [] },
    { label: 'an array of the object', input: [base] },
    { label: '__proto__ and constructor keys', input: { ...protoTop, ...base, ...protoTop } },
  ];
  for (const field of fields) {
    for (const [label, value] of HOSTILE_VALUES) {
      variants.push({ label: `${field} = ${label}`, input: { ...base, [field]: cap(value) } });
    }
  }
  if (type === 'mutation') {
    variants.push({ label: 'malformed JSON', raw: '{"email": "a@b.c",' });
    // The upload procedures (questions, class lists) carry files and have their own, larger limits.
    const limit = name.startsWith('questions.')
      ? 10 * 1024 * 1024
      : name === 'enrol.preview' || name === 'enrol.upload'
        ? 2 * 1024 * 1024
        : 100 * 1024;
    variants.push({
      label: 'a body over its limit',
      raw: JSON.stringify({ ...base, pad: 'x'.repeat(limit + 1000) }),
    });
  }
  return variants;
}

beforeAll(async () => {
  t = await startTestServer({ smtp: false });
  f = await prepareFixture(t.db, t.deps.signer, { students: 2, mockQuestions: 5 });
  student = f.students[0].access;
  admin = f.admin.access;
});

afterAll(async () => {
  await t?.close();
});

describe('tRPC procedures', () => {
  it('are read from the router (new procedures are swept automatically)', () => {
    const names = PROCEDURES.map(([n]) => n);
    expect(names.length).toBeGreaterThan(40);
    expect(names).toEqual(
      expect.arrayContaining([
        'auth.login',
        'quiz.start',
        'quiz.saveAnswer',
        'quiz.submit',
        'admin.users',
        'questions.upload',
      ]),
    );
  });

  it.each(PROCEDURES)(
    '%s answers bad input with a 4xx and a clear message, and writes nothing',
    async (name, proc) => {
      const { type } = proc._def;
      const parser = proc._def.inputs[0];
      const token = isAdminOnly(name) ? admin : student;
      const problems: string[] = [];
      const watch = databaseWatch();
      let sent = 0;
      for (const v of variantsOf(name, type, parser)) {
        // A JSON-labelled POST without a body reaches the procedure as {} (express.json), so judge that.
        const seen = type === 'mutation' && v.input === undefined ? {} : v.input;
        const accepted = v.raw === undefined && (parser?.safeParse ? parser.safeParse(seen).success : true);
        // An input the schema accepts is not bad input; only reads are still sent, to see they cope.
        if (accepted && type !== 'query') continue;
        const { res, changed } = await watch(() => callProcedure(name, type, v, token));
        sent++;
        const why = badAnswer(res.status, res.body, { allowOk: accepted });
        if (why) problems.push(`${v.label}: ${why}`);
        if (changed.length) problems.push(`${v.label}: changed ${changed.join(', ')} (status ${res.status})`);
      }
      expect(problems).toEqual([]);
      if (parser) expect(sent).toBeGreaterThan(5);
    },
  );

  it.each(PROCEDURES.filter(([n]) => !PUBLIC_PROCEDURES.has(n)))(
    '%s refuses a missing, wrong or insufficient token',
    async (name, proc) => {
      const { type } = proc._def;
      const base = { label: 'base', input: baseInputs(f)[name] };
      const forged = await new TokenSigner(crypto.randomBytes(32)).sign(
        'access',
        f.students[0].id,
        'fam',
        600,
      );
      const tokens: Array<[string, string | null, number]> = [
        ['no token', null, 401],
        ['a garbage token', 'garbage.token.value', 401],
        ['a token signed with another secret', forged, 401],
        [
          'a refresh token as access token',
          await t.deps.signer.sign('refresh', f.students[0].id, 'fam', 600),
          401,
        ],
      ];
      if (isAdminOnly(name)) tokens.push(["a student's token", student, 403]);
      const problems: string[] = [];
      const watch = databaseWatch();
      for (const [label, token, status] of tokens) {
        const { res, changed } = await watch(() => callProcedure(name, type, base, token));
        if (res.status !== status) problems.push(`${label}: ${res.status}, expected ${status}`);
        const why = badAnswer(res.status, res.body, { allowOk: false });
        if (why) problems.push(`${label}: ${why}`);
        if (changed.length) problems.push(`${label}: database changed`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('refuses an over-long batch and an unknown procedure with a JSON 4xx', async () => {
    const batch = Array.from({ length: 21 }, () => 'catalog.programs').join(',');
    const long = await t.api('GET', `/trpc/${batch}?batch=1&input=${encodeURIComponent('{}')}`, {
      token: student,
    });
    expect(badAnswer(long.status, long.body, { allowOk: false })).toBeNull();
    const unknown = await t.api('GET', '/trpc/admin.dropEverything', { token: admin });
    expect(unknown.status).toBe(404);
    expect(badAnswer(unknown.status, unknown.body, { allowOk: false })).toBeNull();
  });
});

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: RouteLayer[] };
}

function restRoutes(): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const walk = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const m of Object.keys(layer.route.methods))
          out.push({ method: m.toUpperCase(), path: layer.route.path });
      else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  const noBodies = () => (_req: unknown, _res: unknown, next: () => void) => next();
  walk((restRouter(t.deps, noBodies) as unknown as { stack: RouteLayer[] }).stack);
  return out;
}

/** Repeated keys become arrays, bracket keys try to build objects, values try SQL and path tricks. */
const HOSTILE_QUERY = [
  `search=${encodeURIComponent("1' OR '1'='1")}`,
  'quiz_type=mock&quiz_type=practice',
  'program_id[$gt]=0',
  'paper_id=-1',
  'set_id=1e309',
  '__proto__[is_staff]=1',
  'constructor[prototype][is_staff]=1',
  `format=${encodeURIComponent('../../etc/passwd')}`,
  `pad=${'x'.repeat(4000)}`,
].join('&');

/** Paths anyone may call; every other path needs a token. */
const PUBLIC_REST = [
  /^\/health$/,
  /^\/auth\/(login|registration|logout|password\/reset)/,
  /^\/auth\/registration\//,
  /^\/token\/refresh\/$/,
  /^\/auth\/(verify|confirm)-email\//,
  /^\/auth\/invitation\//,
  /^\/admin\/upload-template\/$/,
];
/** The links mailed to an address: they answer with a redirect, never JSON. */
const MAILED_LINK = /^\/auth\/(verify|confirm)-email\//;
/** Routes whose empty body is a valid request: nothing to change, and the fingerprint proves nothing changed. */
const EMPTY_BODY_OK = new Set(['POST /auth/logout/', 'POST /notifications/mark-all-read/', 'PUT /profile/']);
const emptyBodyOk = (method: string, path: string) =>
  method === 'PATCH' || EMPTY_BODY_OK.has(`${method} ${path}`);

describe('REST paths', () => {
  it('are read from the Express router stack', () => {
    const routes = restRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /auth/login/',
        'POST /exams/quiz/start/',
        'POST /admin/upload-questions/',
      ]),
    );
  });

  it('every path refuses bad tokens, hostile path segments and bad bodies with a JSON 4xx and writes nothing', async () => {
    const problems: string[] = [];
    const forged = await new TokenSigner(crypto.randomBytes(32)).sign('access', f.students[0].id, 'fam', 600);
    const watch = databaseWatch();
    for (const { method, path } of restRoutes()) {
      const key = `${method} ${path}`;
      const isPublic = PUBLIC_REST.some((re) => re.test(path));
      const adminOnly = path.startsWith('/admin/') && !isPublic;
      // Logging out with a token legitimately revokes it: the sweep's own token must survive.
      const token = path === '/auth/logout/' ? null : adminOnly ? admin : student;
      const concrete = (segment: string) => `/api${path.replace(/:[a-z_]+/gi, encodeURIComponent(segment))}`;
      const body = method === 'GET' ? {} : { raw: '{}' };
      const check = async (
        label: string,
        url: string,
        opts: Parameters<TestServer['api']>[2],
        expect_: { status?: number; allowOk?: boolean },
      ) => {
        const { res, changed } = await watch(() => t.api(method, url, opts));
        if (expect_.status !== undefined && res.status !== expect_.status)
          problems.push(`${key} ${label}: ${res.status}, expected ${expect_.status}`);
        const why = badAnswer(res.status, res.body, { allowOk: expect_.allowOk ?? false });
        if (why) problems.push(`${key} ${label}: ${why}`);
        if (changed.length)
          problems.push(`${key} ${label}: changed ${changed.join(', ')} (status ${res.status})`);
      };
      if (!isPublic) {
        await check('without a token', concrete('1'), { ...body, token: null }, { status: 401 });
        await check('with a garbage token', concrete('1'), { ...body, token: 'garbage' }, { status: 401 });
        await check('with a forged token', concrete('1'), { ...body, token: forged }, { status: 401 });
        if (adminOnly)
          await check("with a student's token", concrete('1'), { ...body, token: student }, { status: 403 });
      }
      if (path.includes('/:') && !MAILED_LINK.test(path)) {
        for (const seg of HOSTILE_SEGMENTS)
          await check(`with path segment ${seg.slice(0, 20)}`, concrete(seg), { ...body, token }, {});
      }
      if (method === 'GET' && !MAILED_LINK.test(path) && path !== '/health') {
        // Filters and options come in the query string: hostile ones may be ignored (2xx), never crash.
        await check(
          'with a hostile query string',
          `${concrete('1')}?${HOSTILE_QUERY}`,
          { token },
          { allowOk: true },
        );
      }
      if (method !== 'GET') {
        const url = concrete('1');
        const emptyOk = emptyBodyOk(method, path);
        await check('with malformed JSON', url, { raw: '{"a":', token }, { status: 400 });
        await check(
          'with a body over the limit',
          url,
          // The multipart upload takes a file of up to 5 MB; every other body is far smaller.
          { raw: JSON.stringify({ pad: 'x'.repeat(path.includes('upload') ? 6_000_000 : 150_000) }), token },
          { status: 413 },
        );
        await check('with a JSON string body', url, { raw: '"text"', token }, {});
        await check('with an array body', url, { raw: '[]', token }, { allowOk: emptyOk });
        const hostile = Object.fromEntries(
          HOSTILE_VALUES.map(([label, v], i) => [`field_${i}_${label.replace(/\W/g, '_')}`, v]),
        );
        const named = {
          email: "1' OR '1'='1",
          id: -1,
          session_id: 'NaN',
          quiz_type: [],
          quiz_id: 1.5,
          answers: { __proto__: null },
        };
        const raw = JSON.stringify({ ...hostile, ...named }).replace('"field_0_null"', '"__proto__"');
        await check('with hostile fields', url, { raw, token }, { allowOk: emptyOk });
      }
    }
    expect(problems).toEqual([]);
  });

  it('an id past 2^31 - 1 and a NUL character get a 400 naming the field, on either database', async () => {
    const before = await fingerprint();
    const big = await t.api('GET', '/api/exams/results/2147483648/', { token: student });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('Ensure this value is less than or equal to 2147483647.');
    const search = await t.api(
      'GET',
      `/trpc/admin.users?input=${encodeURIComponent(JSON.stringify({ search: 'Ama\u0000' }))}`,
      { token: admin },
    );
    expect(search.status).toBe(400);
    expect(JSON.stringify(search.body)).toContain('Remove the NUL character');
    const profile = await t.api('PUT', '/api/profile/', {
      token: student,
      body: { full_name: 'Ama\u0000 Mensah' },
    });
    expect(profile.status).toBe(400);
    const nul = 'Remove the NUL character (\\0): text cannot contain one.';
    expect(profile.body).toEqual({ detail: nul, full_name: [nul] });
    expect(await fingerprint()).toEqual(before);
  });

  it('the mailed links with a hostile token land on the "invalid link" page', async () => {
    for (const link of ['verify-email', 'confirm-email']) {
      for (const seg of HOSTILE_SEGMENTS) {
        const res = await fetch(`${t.url}/api/auth/${link}/${encodeURIComponent(seg)}/`, {
          redirect: 'manual',
        });
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/email-verified?status=invalid');
      }
    }
  });

  it('the upload refuses students, non-multipart bodies, garbage files and hostile fields with a JSON 4xx', async () => {
    const form = (fields: Record<string, string>, file = Buffer.from('PK\u0003\u0004 not really a zip')) => {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(file)]), 'questions.xlsx');
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      return fd;
    };
    const fields = { quiz_type: 'mock', program_id: String(f.programId), paper_id: String(f.paperId) };
    const cases: Array<[string, string | null, FormData | string, number | null]> = [
      ['no token', null, form(fields), 401],
      ['a student', student, form(fields), 403],
      ['a JSON body', admin, JSON.stringify(fields), null],
      ['a garbage .xlsx', admin, form(fields), null],
      ['SQL injection ids', admin, form({ ...fields, program_id: "1' OR '1'='1", paper_id: '-1' }), null],
      ['__proto__ fields', admin, form({ ...fields, __proto__: 'x', quiz_type: 'constructor' }), null],
      [
        'ids past 2^31 - 1',
        admin,
        form({ ...fields, program_id: '2147483648', paper_id: '2147483648' }),
        400,
      ],
      ['a NUL character in the title', admin, form({ ...fields, title: 'Set\u0000 1' }), 400],
      ['a file over 5 MB', admin, form(fields, Buffer.alloc(6 * 1024 * 1024, 65)), 413],
    ];
    const problems: string[] = [];
    const watch = databaseWatch();
    for (const [label, token, payload, status] of cases) {
      const { res, changed } = await watch(async () => {
        const answer = await fetch(`${t.url}/api/admin/upload-questions/`, {
          method: 'POST',
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          body: payload,
        });
        return { status: answer.status, text: await answer.text() };
      });
      const { text } = res;
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // judged below as "not a JSON object"
      }
      if (status !== null && res.status !== status)
        problems.push(`${label}: ${res.status}, expected ${status}`);
      const why = badAnswer(res.status, body, { allowOk: false });
      if (why) problems.push(`${label}: ${why}`);
      if (changed.length) problems.push(`${label}: database changed`);
    }
    expect(problems).toEqual([]);
  });
});
