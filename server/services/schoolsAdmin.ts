// Schools management, the platform admin's: create and rename schools, set their region and join
// code, and link the schools students typed as free text to a school record (a merge keeps the
// typed text; it only sets the school the account belongs to).
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { schoolKey } from '../../shared/domain/schools';
import type { UpdateSchoolInput } from '../../shared/schemas/schools';
import { fieldError } from '../errors';
import { isUniqueViolation } from '../queries/adminContent';
import { findSchool, listSchools } from '../queries/schools';
import {
  insertSchoolRow,
  joinCodeTaken,
  linkSchoolText,
  unmatchedSchoolTexts,
  updateSchoolRow,
} from '../queries/schoolsAdmin';

const NAME_TAKEN = 'A school with this name already exists.';
const CODE_TAKEN = 'Another school already has this join code.';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'School not found.' });

/** Names that differ only in case, spaces or punctuation are one school: registration matches them so. */
async function checkFree(db: DB, fields: { name?: string; join_code?: string | null }, exceptId?: number) {
  if (fields.name !== undefined) {
    const key = schoolKey(fields.name);
    if ((await listSchools(db)).some((s) => s.id !== exceptId && schoolKey(s.name) === key))
      throw fieldError('name', NAME_TAKEN, 'CONFLICT');
  }
  if (fields.join_code && (await joinCodeTaken(db, fields.join_code, exceptId)))
    throw fieldError('join_code', CODE_TAKEN, 'CONFLICT');
}

/** The unique indexes catch what races past checkFree. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw fieldError('name', `${NAME_TAKEN} (or its join code is taken)`, 'CONFLICT');
    throw err;
  }
}

export async function createSchool(
  db: DB,
  input: { name: string; region?: string | null; join_code?: string | null },
) {
  await checkFree(db, input);
  return uniquely(() =>
    insertSchoolRow(db, {
      name: input.name,
      region: input.region || null,
      join_code: input.join_code ?? null,
      created_at: new Date().toISOString(),
    }),
  );
}

export async function updateSchool(db: DB, input: UpdateSchoolInput) {
  const { id, ...changes } = input;
  if (!(await findSchool(db, id))) throw notFound();
  await checkFree(db, changes, id);
  const patch = {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.region !== undefined && { region: changes.region || null }),
    ...(changes.join_code !== undefined && { join_code: changes.join_code }),
  };
  return (await uniquely(() => updateSchoolRow(db, id, patch))) ?? Promise.reject(notFound());
}

/** Refused unless some user without a school typed exactly this text. */
async function unmatched(db: DB, text: string) {
  const found = (await unmatchedSchoolTexts(db)).find((t) => t.text === text);
  if (!found) throw fieldError('text', 'No user without a school typed this school.', 'NOT_FOUND');
  return found;
}

export async function mergeSchoolText(db: DB, text: string, schoolId: number) {
  return db.transaction().execute(async (trx) => {
    await unmatched(trx, text);
    const school = await findSchool(trx, schoolId);
    if (!school) throw fieldError('school_id', 'School not found.', 'NOT_FOUND');
    return { school, linked: await linkSchoolText(trx, text, school.id) };
  });
}

export async function schoolFromText(db: DB, text: string, region?: string | null) {
  return db.transaction().execute(async (trx) => {
    await unmatched(trx, text);
    const school = await createSchool(trx, { name: text.trim(), region });
    return { school, linked: await linkSchoolText(trx, text, school.id) };
  });
}
