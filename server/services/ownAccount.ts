// An admin's own account (issue 17 point 2): the first admin's address is often a placeholder
// (admin@example.com) that can receive no reset mail, so it is changed here, with the password.
import type { z } from 'zod';
import type { changeOwnEmailInput } from '../../shared/schemas/admin';
import type { Context } from '../context';
import type { User } from '../../db/schema';
import { fieldError } from '../errors';
import { findUserByEmail, toProfile, updateUser } from '../queries/users';
import { verifyPassword } from './passwords';

export async function changeOwnEmail(ctx: Context, user: User, input: z.output<typeof changeOwnEmailInput>) {
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw fieldError('password', 'The password is not correct.');
  }
  const email = input.email.toLowerCase();
  if (email === user.email) return toProfile(user);
  if (await findUserByEmail(ctx.db, email))
    throw fieldError('email', 'A user with this e-mail already exists.');
  return toProfile(await updateUser(ctx.db, user.id, { email }));
}
