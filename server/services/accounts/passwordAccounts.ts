// Accounts with a password: sign-up, what a sign-in checks, a password change.
// The password itself is hashed and checked by the caller (services/accounts/passwords.ts,
// services/accounts/passwordAttempts.ts), outside any transaction: scrypt holds no connection.
import { AUTH_TEXT } from '../../../contract/auth';
import { isUniqueViolation, type Executor, type Trx } from '../../db/tx';
import { conflict } from '../errors';
import { revokeAllSessions } from './sessions';
import { createUser } from './users';

/** A new account with a password; its id. A name taken (whatever its case) is 409 USERNAME_TAKEN. */
export async function registerAccount(trx: Trx, username: string, passwordHash: string): Promise<string> {
  try {
    return await createUser(trx, { username, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_TEXT.usernameTaken, 'USERNAME_TAKEN');
    throw error;
  }
}

/** What a password check needs to know about the account named `username` (none: undefined). */
export async function passwordAccountOf(db: Executor, username: string) {
  return db.selectFrom('users').select(['id', 'password_hash', 'discord_id']).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

/** The account's password hash (null: it has none yet). */
export async function passwordHashOf(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Sets a new password hash and ends every session of the account. */
export async function replacePassword(trx: Trx, userId: string, passwordHash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await revokeAllSessions(trx, userId);
}
