// What every attack gets: the server, the run's size, fresh source addresses, verified students
// made through the real registration and e-mail link, the admin's sign-in, and read-only looks at
// the database file.
import pg from 'pg';
import SQLite from '../../db/sqliteDriver';
import { request, pool, type Answer, type RequestOptions } from './http';
import { ADMIN_EMAIL, type AbuseServer } from './server';

export const PASSWORD = 'Harmattan-Lagoon-42';

export interface Account {
  email: string;
  password: string;
}

export interface AttackResult {
  name: string;
  held: boolean;
  figures: string;
}

export interface Attack {
  name: string;
  run(ctx: AbuseContext): Promise<AttackResult | AttackResult[]>;
  /**
   * It mostly waits (on one of the server's timers over a single quiet connection, or for the mail
   * its few requests caused) and touches nothing the next attacks measure: the replay starts it
   * and goes on with the next attacks meanwhile, rather than waiting it out.
   */
  background?: boolean;
  /**
   * Its checks bound no time and no memory, and it uses addresses and accounts of its own: it runs
   * side by side with the attacks so marked next to it in the list, as a school's busy morning
   * would, and the next attack not so marked starts once they have all ended.
   */
  together?: boolean;
}

/** Registrations (and verifications) sent from one address before moving to the next. */
const ACCOUNTS_PER_ADDRESS = 10;

export class AbuseContext {
  private nextAddress = 0;
  private nextStudent = 0;
  private adminToken = '';

  constructor(
    readonly server: AbuseServer,
    readonly short: boolean,
    readonly log: (line: string) => void,
  ) {}

  /** A source address no other attack uses, so one attack's limits never touch another's. */
  address(): string {
    const n = this.nextAddress++;
    return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  }

  call(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    return request(this.server.url, method, path, opts);
  }

  newEmail(tag: string): string {
    return `${tag}.${this.nextStudent++}.${Date.now().toString(36)}@students.test`;
  }

  /** Registers `email` from `from`; resolves with the registration's answer. */
  register(email: string, password: string, from: string, fullName = 'Akosua Boateng'): Promise<Answer> {
    return this.call('POST', '/api/auth/registration/', {
      from,
      body: {
        full_name: fullName,
        email,
        password1: password,
        password2: password,
        date_of_birth: '2001/04/12',
        gender: 'Female',
        region_of_institution: 'Ashanti',
        program_of_study: 'General Nursing',
        school: 'Kumasi Nurses and Midwifery Training College',
      },
    });
  }

  /**
   * Does what the page of the n-th mail's verification link does when `password` is typed there:
   * posts the link's key with the password.
   */
  async verifyByMail(email: string, nth: number, password: string, from: string): Promise<Answer | null> {
    const mail = await this.server.waitForMail(email, nth);
    const link = mail && linkIn(mail.text);
    const key = link && new URL(link).pathname.split('/').filter(Boolean).at(-1);
    if (!key) return null;
    return this.call('POST', '/api/auth/registration/verify-email/', { from, body: { key, password } });
  }

  /** `count` verified students, made through registration and the e-mailed link. */
  async students(count: number, tag: string): Promise<Account[]> {
    const accounts: Account[] = [];
    const failures: string[] = [];
    let from = this.address();
    await pool(count, 8, async (i) => {
      if (i % ACCOUNTS_PER_ADDRESS === 0 && i > 0) from = this.address();
      const source = from;
      const email = this.newEmail(tag);
      const reg = await this.register(email, PASSWORD, source);
      if (reg.status !== 201) return void failures.push(`register ${reg.status} ${reg.text.slice(0, 120)}`);
      const click = await this.verifyByMail(email, 1, PASSWORD, source);
      if (!click || click.status >= 400) return void failures.push(`verify ${click?.status ?? 'no mail'}`);
      accounts.push({ email, password: PASSWORD });
    });
    if (failures.length)
      throw new Error(
        `${failures.length} of ${count} students could not be made: ${failures.slice(0, 3).join('; ')}`,
      );
    return accounts;
  }

  async signIn(account: Account, from: string): Promise<{ access: string; refresh: string }> {
    const res = await this.call('POST', '/api/auth/login/', {
      from,
      body: { email: account.email, password: account.password },
    });
    if (res.status !== 200)
      throw new Error(`sign-in of ${account.email} answered ${res.status}: ${res.text.slice(0, 200)}`);
    return { access: String(res.json.access), refresh: String(res.json.refresh) };
  }

  /** The first admin's access token (its password comes from the server's first-start log line). */
  async admin(): Promise<string> {
    if (!this.adminToken)
      this.adminToken = (
        await this.signIn({ email: ADMIN_EMAIL, password: this.server.adminPassword }, this.address())
      ).access;
    return this.adminToken;
  }

  /** A read-only query on the live database (`?` placeholders, as SQLite writes them). */
  async query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    const url = this.server.databaseUrl;
    if (url) {
      let n = 0;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const db = new SQLite(this.server.databaseFile, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }

  /** A practice set and a mock exam of the sample bank that hold questions, with their places. */
  async content(): Promise<{ practiceId: number; mockId: number; programId: number; paperId: number; topicId: number }> {
    const [practice] = await this.query<{ id: number; topic_id: number; paper_id: number; program_id: number }>(
      `select s.id, s.topic_id, t.paper_id, p.program_id from practice_sets s
         join topics t on t.id = s.topic_id join papers p on p.id = t.paper_id
        where exists (select 1 from questions q where q.practice_set_id = s.id) order by s.id limit 1`,
    );
    const [mock] = await this.query<{ id: number }>(
      `select m.id from mock_exam_sets m
        where exists (select 1 from questions q where q.mock_exam_set_id = m.id) order by m.id limit 1`,
    );
    if (!practice || !mock)
      throw new Error('The sample bank has no practice set or mock exam with questions');
    return {
      practiceId: practice.id,
      mockId: mock.id,
      programId: practice.program_id,
      paperId: practice.paper_id,
      topicId: practice.topic_id,
    };
  }
}

export function linkIn(text: string): string | null {
  return /(https?:\/\/\S+)/.exec(text)?.[1] ?? null;
}

export const ms = (v: number) => `${Math.round(v)} ms`;
