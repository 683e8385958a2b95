// Changes to who a user is or may be (role, active, e-mail, password set by an operator): each
// ends every session of the user, so a device signed in before the change keeps none of the old
// rights. Access tokens stop at once: every request checks that its refresh family is not revoked.
import type { DB } from '../../db/client';
import type { UserUpdate } from '../../db/schema';
import { revokeUserFamilies } from '../queries/authTokens';
import { updateUser } from '../queries/users';

/** Applies `patch` and revokes every refresh family of the user, in one transaction. */
export function changeAndSignOut(db: DB, userId: number, patch: UserUpdate) {
  const work = async (trx: DB) => {
    const user = await updateUser(trx, userId, patch);
    await revokeUserFamilies(trx, userId);
    return user;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Deactivates (or reactivates) a user. */
export function setUserActive(db: DB, userId: number, active: boolean) {
  return changeAndSignOut(db, userId, { is_active: active ? 1 : 0 });
}
