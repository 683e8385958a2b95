// Uploads and broken requests: clean 4xx refusals for broken requests, CSVs that are not UTF-8, the zip
// bomb beside legitimate uploads, unbounded practice sessions, and the privacy headers.
import { questionWorkbook, uploadQuestions } from '../../bench/importBench';
import { type AbuseContext, type Attack } from '../context';
import { pool } from '../http';
import { zipBombWorkbook } from '../zip';

const is4xx = (s: number) => s >= 400 && s < 500;

function multipart(
  boundary: string,
  parts: { name: string; value: Buffer | string; file?: string }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.file ? `; filename="${p.file}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.file) chunks.push(Buffer.from('Content-Type: application/octet-stream\r\n'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The fields an admin's dry-run upload of a practice set sends. */
async function uploadFields(ctx: AbuseContext, title: string, dryRun: boolean) {
  const c = await ctx.content();
  return {
    quiz_type: 'practice',
    program_id: String(c.programId),
    paper_id: String(c.paperId),
    topic_id: String(c.topicId),
    title,
    dry_run: dryRun ? 'true' : 'false',
  };
}

export const cleanRefusals: Attack = {
  name: 'clean refusals',
  async run(ctx) {
    const token = await ctx.admin();
    const from = ctx.address();
    const form = multipart('abuseBoundary', [
      ...Object.entries(await uploadFields(ctx, 'Truncated', true)).map(([name, value]) => ({ name, value })),
      { name: 'file', file: 'q.csv', value: 'question_text,option_a\n'.repeat(200) },
    ]);
    const truncated = form.subarray(0, form.length - 300);
    const answers = {
      'GET /trpc/%E0%A4': await ctx.call('GET', '/trpc/%E0%A4', { from }),
      'GET /api/%E0%A4': await ctx.call('GET', '/api/%E0%A4', { from }),
      'truncated multipart': await ctx.call('POST', '/api/admin/upload-questions/', {
        from,
        token,
        body: truncated,
        headers: { 'content-type': 'multipart/form-data; boundary=abuseBoundary' },
      }),
      'multipart without boundary': await ctx.call('POST', '/api/admin/upload-questions/', {
        from,
        token,
        body: form,
        headers: { 'content-type': 'multipart/form-data' },
      }),
    };
    return {
      name: 'clean refusals',
      held: Object.values(answers).every((a) => is4xx(a.status)),
      figures: Object.entries(answers)
        .map(([what, a]) => `${what} ${a.status || a.error}`)
        .join(', '),
    };
  },
};

const CSV_ROWS = [
  'question_text,option_a,option_b,option_c,option_d,correct_answer,explanation',
  'Which café sign shows early dehydration in a child?,Sunken eyes,Fever,Rash,Cough,A,Skin pinch and eyes come first.',
];

async function uploadCsv(ctx: AbuseContext, bytes: Buffer, name: string, title: string) {
  const form = multipart('csvBoundary', [
    ...Object.entries(await uploadFields(ctx, title, true)).map(([n, value]) => ({ name: n, value })),
    { name: 'file', file: name, value: bytes },
  ]);
  return ctx.call('POST', '/api/admin/upload-questions/', {
    from: ctx.address(),
    token: await ctx.admin(),
    body: form,
    headers: { 'content-type': 'multipart/form-data; boundary=csvBoundary' },
  });
}

export const csvEncodings: Attack = {
  name: 'CSV encodings',
  async run(ctx) {
    // Windows-1252 (Excel's plain "CSV"): é is one byte 0xE9, ’ is 0x92; not UTF-8.
    const cp1252 = Buffer.from(CSV_ROWS.join('\r\n').replace('Which', 'Which nurse’s') + '\r\n', 'latin1');
    cp1252[cp1252.indexOf(Buffer.from('nurse')) + 5] = 0x92;
    const utf16Text =
      CSV_ROWS.map((r) => r.replaceAll(',', '\t').replace('café', 'café ɛ')).join('\r\n') + '\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16Text, 'utf16le')]);
    const a = await uploadCsv(ctx, cp1252, 'windows1252.csv', 'Encoding check 1252');
    const b = await uploadCsv(ctx, utf16, 'unicode-text.csv', 'Encoding check UTF-16');
    // Only the answer's own error counts: its format help always names UTF-8.
    const error = (x: typeof a) => String(x.json.error ?? x.json.detail ?? x.text);
    const notSheet = (x: typeof a) =>
      x.json.error_code === 'not_a_spreadsheet' || /not a (text )?(csv|spreadsheet)/i.test(error(x));
    const cpHeld = is4xx(a.status) && /UTF-?8/i.test(error(a)) && !notSheet(a);
    // UTF-16 read: the dry run succeeds and its preview shows the ɛ; or it is refused saying UTF-8.
    const preview = JSON.stringify(b.json.preview ?? '');
    const utf16Read = b.status >= 200 && b.status < 300 && b.json.success === true && preview.includes('ɛ');
    const utf16Held = utf16Read || (is4xx(b.status) && /UTF-?8/i.test(error(b)) && !notSheet(b));
    const say = (x: typeof a, letter = '') =>
      x.json.success === true
        ? `${x.status} accepted${letter && `, its preview ${JSON.stringify(x.json.preview ?? '').includes(letter) ? 'shows' : 'lacks'} ${letter}`}`
        : `${x.status} "${error(x).slice(0, 90)}"`;
    return {
      name: 'CSV encodings',
      held: cpHeld && utf16Held,
      figures: `Windows-1252: ${say(a)}; UTF-16LE tab: ${say(b, 'ɛ')}`,
    };
  },
};

export const zipBomb: Attack = {
  name: 'zip bomb',
  async run(ctx) {
    const size = ctx.short ? { bombs: 4, legit: 1, rows: 20_000 } : { bombs: 8, legit: 3, rows: 20_000 };
    const token = await ctx.admin();
    const bomb = zipBombWorkbook(95);
    const sheets = Array.from({ length: size.legit }, (_, i) =>
      questionWorkbook(size.rows, `abuse-${i}-${Date.now()}`),
    );
    const exitsBefore = ctx.server.exits.length;
    const bombFields = await uploadFields(ctx, `Bomb ${Date.now()}`, false);
    const peakReset = ctx.server.resetPeak();
    const bombs = Array.from({ length: size.bombs }, (_, i) =>
      uploadQuestions(ctx.server.url, token, bomb, { ...bombFields, title: `Bomb ${i} ${Date.now()}` }),
    );
    const legit = sheets.map((bytes, i) =>
      uploadQuestions(ctx.server.url, token, bytes, { ...bombFields, title: `Heavy sheet ${i} ${Date.now()}` }),
    );
    const settled = await Promise.allSettled([...bombs, ...legit]);
    const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value : { status: 0, body: {}, ms: 0 }));
    const bombAnswers = answers.slice(0, size.bombs);
    const legitAnswers = answers.slice(size.bombs);
    const peak = ctx.server.peakMb();
    const died = ctx.server.exits.length > exitsBefore || !ctx.server.alive;
    const message = (b: Record<string, unknown>) => String(b.error ?? b.message ?? b.detail ?? '');
    const bombsRefused = bombAnswers.filter((a) => is4xx(a.status) && message(a.body).length > 0);
    // A legitimate sheet is imported, or told clearly to wait for the running import.
    const legitOk = legitAnswers.filter(
      (a) => (a.status >= 200 && a.status < 300) || a.status === 409 || a.status === 429 || a.status === 503,
    );
    const statuses = (list: typeof answers) => list.map((a) => a.status).join('/');
    return {
      name: 'zip bomb',
      held:
        !died &&
        bombsRefused.length === size.bombs &&
        legitOk.length === size.legit &&
        peak > 0 &&
        peak < 300,
      figures:
        `${died ? `SERVER DIED (${ctx.server.exits.at(-1)?.how ?? 'gone'}); ` : ''}` +
        `${size.bombs} bombs of ${(bomb.length / 1024).toFixed(0)} KB inflating to 95 MB: ${statuses(bombAnswers)}` +
        `${bombsRefused[0] ? ` "${message(bombsRefused[0].body).slice(0, 70)}"` : ''}; ` +
        `${size.legit} sheets of ${size.rows} rows: ${statuses(legitAnswers)}; ` +
        `peak ${peak ? `${peak.toFixed(0)} MB` : 'n/a'}${peakReset ? '' : ' (since start)'}`,
    };
  },
};

export const practiceSessions: Attack = {
  name: 'practice sessions',
  together: true,
  async run(ctx) {
    const starts = ctx.short ? 100 : 200;
    const { practiceId } = await ctx.content();
    const [student] = await ctx.students(1, 'practice');
    const from = ctx.address();
    const { access } = await ctx.signIn(student, from);
    const statuses: Record<number, number> = {};
    await pool(starts, 8, async () => {
      const r = await ctx.call('POST', '/api/exams/quiz/start/', {
        from,
        token: access,
        body: { quiz_type: 'practice', quiz_id: practiceId },
      });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    });
    const [open] = await ctx.query<{ n: number }>(
      `select count(*) as n from quiz_sessions s join users u on u.id = s.user_id
        where u.email = ? and s.submitted_at is null`,
      student.email,
    );
    return {
      name: 'practice sessions',
      held: open.n <= 5 && (statuses[200] ?? 0) > 0,
      figures: `${starts} starts of one set (${Object.entries(statuses)
        .map(([k, v]) => `${v}x${k}`)
        .join(' ')}): ${open.n} open sessions`,
    };
  },
};

export const privacyHeaders: Attack = {
  name: 'privacy headers',
  together: true,
  async run(ctx) {
    const [student] = await ctx.students(1, 'headers');
    const from = ctx.address();
    const { access } = await ctx.signIn(student, from);
    const personal = {
      'GET /api/profile/': await ctx.call('GET', '/api/profile/', { from, token: access }),
      'GET /trpc/profile.get': await ctx.call('GET', '/trpc/profile.get', { from, token: access }),
      'GET /api/exams/results/': await ctx.call('GET', '/api/exams/results/', { from, token: access }),
    };
    const others = {
      'GET /api/health': await ctx.call('GET', '/api/health', { from }),
      'GET /': await ctx.call('GET', '/', { from, headers: { accept: 'text/html' } }),
      'GET /api/nothing': await ctx.call('GET', '/api/nothing', { from }),
    };
    const noStore = Object.entries(personal).filter(
      ([, a]) => a.status === 200 && /no-store/.test(String(a.headers['cache-control'] ?? '')),
    );
    const all = { ...personal, ...others };
    const withPolicy = Object.entries(all).filter(([, a]) => a.headers['permissions-policy']);
    const missing = (list: [string, unknown][], from: Record<string, unknown>) =>
      Object.keys(from).filter((k) => !list.some(([name]) => name === k));
    return {
      name: 'privacy headers',
      held: noStore.length === Object.keys(personal).length && withPolicy.length === Object.keys(all).length,
      figures:
        `no-store on ${noStore.length}/${Object.keys(personal).length} personal answers` +
        `${missing(noStore, personal).length ? ` (not on ${missing(noStore, personal).join(', ')})` : ''}; ` +
        `Permissions-Policy on ${withPolicy.length}/${Object.keys(all).length}`,
    };
  },
};
