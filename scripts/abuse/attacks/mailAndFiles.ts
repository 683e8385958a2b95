// Mail and files: mail per recipient is bounded, delivered mail leaves no live link in the
// outbox, and the database and its backups are readable by the owner only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { linkIn, PASSWORD, type Attack } from '../context';
import { sleep } from '../http';
import { ROOT } from '../launch';

export const mailFlood: Attack = {
  name: 'mail flood',
  background: true,
  async run(ctx) {
    const victim = ctx.newEmail('inbox');
    const from = ctx.address();
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 20; i++) {
      const r = await ctx.register(victim, `${PASSWORD}-${i}`, from);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    // Mail leaves in the background: give the last ones time to arrive.
    await sleep(3000);
    const received = ctx.server.mailsTo(victim).length;
    return {
      name: 'mail flood',
      held: received <= 3,
      figures: `20 registrations of one address (${Object.entries(statuses)
        .map(([k, v]) => `${v}x${k}`)
        .join(' ')}): ${received} mails received`,
    };
  },
};

export const outbox: Attack = {
  name: 'outbox keeps no live link',
  together: true,
  async run(ctx) {
    await ctx.students(1, 'outbox');
    // Every link that reached the SMTP server in this run so far, reduced to its secret part.
    const secrets = ctx.server.mails
      .map((m) => linkIn(m.text))
      .filter((l): l is string => !!l)
      .map((l) => new URL(l).pathname.split('/').filter(Boolean).at(-1) ?? '')
      .filter((s) => s.length >= 16);
    const rows = await ctx.query<{ text_body: string; sent_at: string | null }>(
      `select text_body, sent_at from mail_outbox`,
    );
    const sent = rows.filter((r) => r.sent_at);
    const leaking = sent.filter((r) => secrets.some((s) => r.text_body.includes(s)));
    return {
      name: 'outbox keeps no live link',
      held: secrets.length > 0 && leaking.length === 0,
      figures: `${rows.length} outbox rows (${sent.length} delivered), ${secrets.length} links delivered; ${leaking.length} delivered rows still hold their link`,
    };
  },
};

function runBackup(dataDir: string, databaseUrl: string | null): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // As `npm run backup` does: tsx scripts/backup.ts, with the server's environment.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

export const fileModes: Attack = {
  name: 'file modes',
  // A backup made as `npm run backup` makes it, in a process of its own, then a look at modes.
  background: true,
  async run(ctx) {
    const dir = ctx.server.dataDir;
    const backup = await runBackup(dir, ctx.server.databaseUrl);
    const backupDir = path.join(dir, 'backups');
    const backups = fs.existsSync(backupDir)
      ? fs.readdirSync(backupDir).map((f) => path.join(backupDir, f))
      : [];
    // On PostgreSQL the data lives in the cluster; what the app writes to DATA_DIR is its secret.
    const own = ctx.server.databaseUrl ? ['jwt-secret'] : ['app.db', 'app.db-wal', 'app.db-shm'];
    const files = own.map((f) => path.join(dir, f)).concat(backups);
    const modes = files.map((f) => {
      const mode = fs.existsSync(f) ? (fs.statSync(f).mode & 0o777).toString(8).padStart(4, '0') : 'missing';
      return { name: path.basename(f), mode };
    });
    const dbFilesThere = modes.slice(0, own.length).every((m) => m.mode !== 'missing');
    return {
      name: 'file modes',
      held: dbFilesThere && backups.length > 0 && modes.every((m) => m.mode === '0600'),
      figures:
        modes.map((m) => `${m.name.replace(/^app-.*\.(db|dump)$/, 'backup')} ${m.mode}`).join(', ') +
        (backup.code === 0 ? '' : `; backup failed (${backup.code}): ${backup.out.trim().slice(0, 120)}`),
    };
  },
};
