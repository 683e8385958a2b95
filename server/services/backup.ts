// Online backup (safe while the app is serving): SQLite's backup API, or pg_dump on PostgreSQL;
// recorded in the backups table so the admin Settings tab can show the last one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from '../../db/sqliteDriver';
import { restrictToOwner, type DB } from '../../db/client';
import { postgresProgram } from '../../db/postgresBin';

const run = promisify(execFile);

/** A new file, readable by its owner only (a backup holds every password hash). */
function newBackupFile(backupDir: string, extension: string): string {
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(backupDir, `app-${stamp}.${extension}`);
  fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  return file;
}

async function record(db: DB, file: string): Promise<{ file: string; size: number }> {
  const size = fs.statSync(file).size;
  await db
    .insertInto('backups')
    .values({ file_path: path.resolve(file), size_bytes: size, created_at: new Date().toISOString() })
    .execute();
  return { file, size };
}

/** The URL libpq gets on the command line, and the password it gets through PGPASSWORD instead. */
function splitPassword(databaseUrl: string): { url: string; password: string } {
  const url = new URL(databaseUrl);
  // libpq also takes ?password=...: that one must not reach the command line either.
  const password = decodeURIComponent(url.password) || (url.searchParams.get('password') ?? '');
  url.password = '';
  url.searchParams.delete('password');
  // libpq reads %20 as a space but not the '+' that URLSearchParams writes for one.
  url.search = url.search.replace(/\+/g, '%20');
  return { url: url.toString(), password };
}

/** Runs a PostgreSQL client program; a failure says which program and what it printed. */
async function runProgram(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await run(postgresProgram(tool), args, { env, maxBuffer: 64 << 20 })).stdout;
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message: string };
    throw new Error(`${tool} failed: ${stderr?.trim() || message}`, { cause: err });
  }
}

/**
 * The schema the URL puts the app in (libpq's `options=-c search_path=...`), when not `public`: a
 * database that other schemas share is not the app's to dump.
 */
function ownSchemaArgs(databaseUrl: string): string[] {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const schema = /search_path\s*=\s*"?([^",\s]+)/.exec(options)?.[1];
  return schema && schema !== 'public' ? [`--schema=${schema}`] : [];
}

/**
 * pg_dump's custom format of the app's database (its own schema only, when it has one), then `pg_restore --list` reads it back: a dump
 * it cannot list is removed and refused. The password goes through the environment, not the
 * command line, where any user of the machine could read it.
 */
export async function backupPostgres(
  db: DB,
  databaseUrl: string,
  backupDir: string,
): Promise<{ file: string; size: number; entries: string[] }> {
  const file = newBackupFile(backupDir, 'dump');
  const { url, password } = splitPassword(databaseUrl);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  let listing: string;
  try {
    const schemaArgs = ownSchemaArgs(databaseUrl);
    await runProgram('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`, ...schemaArgs], env);
    listing = await runProgram('pg_restore', ['--list', file], env);
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  }
  const entries = listing.split('\n').filter((line) => line && !line.startsWith(';'));
  return { ...(await record(db, file)), entries };
}

export async function backupDatabase(
  db: DB,
  databaseFile: string,
  backupDir: string,
): Promise<{ file: string; size: number }> {
  const file = newBackupFile(backupDir, 'db');
  // A separate connection: the backup API copies pages consistently while writers carry on.
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
  // The copy inherits WAL mode; switch it back so the backup is one self-contained file.
  const copy = new SQLite(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  restrictToOwner(file);
  return record(db, file);
}

/** PRAGMA integrity_check of a database file: 'ok' when sound. */
export function integrityCheck(file: string): string {
  const conn = new SQLite(file, { fileMustExist: true });
  try {
    return String(conn.pragma('integrity_check', { simple: true }));
  } finally {
    conn.close();
  }
}
