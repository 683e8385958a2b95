// Students going about their work while an attack runs, in a process of their own (child.ts): each
// signs in, starts a mock, saves an answer to every question, submits, and refreshes its token, over
// and over until the time is up, each call timed. Run as
//   node --import tsx scripts/abuse/bystanders.ts '<json of BystanderArgs>'
// it prints the figures of every student as one JSON line.
import { percentile, request, sleep, type Answer } from './http';

export interface BystanderArgs {
  url: string;
  mockId: number;
  durationMs: number;
  students: { label: string; email: string; password: string; from: string }[];
}

export type Operation = 'signIn' | 'start' | 'save' | 'submit' | 'refresh';
export const REQUIRED: Operation[] = ['save', 'submit', 'signIn', 'refresh'];

export interface OperationFigures {
  ms: number[];
  failed: number;
  statuses: Record<string, number>;
}

export type StudentFigures = { label: string } & Record<Operation, OperationFigures>;

/** Pause between one student's calls, as a student reading the next question. */
const THINK_MS = 150;

async function student(args: BystanderArgs, who: BystanderArgs['students'][number]): Promise<StudentFigures> {
  const figures = { label: who.label } as StudentFigures;
  for (const op of ['signIn', 'start', 'save', 'submit', 'refresh'] as const)
    figures[op] = { ms: [], failed: 0, statuses: {} };
  const until = Date.now() + args.durationMs;
  const call = async (op: Operation, path: string, body: unknown, token?: string): Promise<Answer | null> => {
    const res = await request(args.url, 'POST', path, { from: who.from, body, token, timeoutMs: 10_000 });
    const f = figures[op];
    f.ms.push(res.ms);
    f.statuses[res.status] = (f.statuses[res.status] ?? 0) + 1;
    if (res.status !== 200) f.failed++;
    // After a refusal too: a student tries again, but not in a tight loop.
    await sleep(THINK_MS);
    return res.status === 200 ? res : null;
  };

  while (Date.now() < until) {
    const signIn = await call('signIn', '/api/auth/login/', { email: who.email, password: who.password });
    if (!signIn) continue;
    const access = String(signIn.json.access);
    const start = await call(
      'start',
      '/api/exams/quiz/start/',
      { quiz_type: 'mock', quiz_id: args.mockId },
      access,
    );
    if (start) {
      const sessionId = (start.json.session as { id: number }).id;
      const questions = start.json.questions as { id: number }[];
      for (const [i, q] of questions.entries()) {
        if (Date.now() >= until) break;
        const answer = { question_id: q.id, selected_answer: 'ABCD'[i % 4] };
        await call('save', `/api/exams/quiz/${sessionId}/answer/`, answer, access);
      }
      await call('submit', `/api/exams/quiz/${sessionId}/submit/`, { answers: [] }, access);
    }
    await call('refresh', '/api/token/refresh/', { refresh: String(signIn.json.refresh) });
  }
  return figures;
}

export function runBystanders(args: BystanderArgs): Promise<StudentFigures[]> {
  return Promise.all(args.students.map((who) => student(args, who)));
}

/** "save 40 p99 180 ms" for each operation a student must get through; failures named. */
export function describeStudent(f: StudentFigures): string {
  const parts = (['start', ...REQUIRED] as const).map((op) => {
    const o = f[op];
    const failed = o.failed ? ` ${o.failed} FAILED (${Object.keys(o.statuses).join('/')})` : '';
    return `${op} ${o.ms.length} p99 ${Math.round(percentile(o.ms, 99))} ms${failed}`;
  });
  return `${f.label}: ${parts.join(', ')}`;
}

/** Every required operation done at least once, none failed, each with p99 under `p99Ms`. */
export function studentHeld(f: StudentFigures, p99Ms = 1000): boolean {
  return REQUIRED.every(
    (op) => f[op].ms.length > 0 && f[op].failed === 0 && percentile(f[op].ms, 99) < p99Ms,
  );
}

if (process.argv[1]?.endsWith('bystanders.ts')) {
  const args = JSON.parse(process.argv[2]) as BystanderArgs;
  process.stdout.write(`${JSON.stringify(await runBystanders(args))}\n`);
}
