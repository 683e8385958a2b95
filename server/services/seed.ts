// Loads the sample content on an empty database. Issue 3 replaces the tiny starter bank with
// spreadsheet files under db/seed loaded through the import service.
import type { DB } from '../../db/client';

export async function seedIfEmpty(db: DB): Promise<number> {
  const any = await db.selectFrom('programs').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  return 0;
}
