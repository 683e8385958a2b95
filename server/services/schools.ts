// Schools as records: finding the one a student's typed school names.
import type { DB } from '../../db/client';
import { schoolKey } from '../../shared/domain/schools';
import { listSchools } from '../queries/schools';

/** The school whose name the text spells (ignoring case, spaces and punctuation), else null. */
export async function schoolIdForName(db: DB, text: string | null | undefined): Promise<number | null> {
  if (!text) return null;
  const key = schoolKey(text);
  const school = (await listSchools(db)).find((s) => schoolKey(s.name) === key);
  return school?.id ?? null;
}
