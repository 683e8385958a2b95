// SQL about schools.
import type { DB } from '../../db/client';
import type { School } from '../../db/schema';

export function listSchools(db: DB): Promise<School[]> {
  return db.selectFrom('schools').selectAll().orderBy('name').execute();
}

export function findSchool(db: DB, id: number): Promise<School | undefined> {
  return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
}
