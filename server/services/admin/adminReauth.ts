// The console's second look at who is writing. A session proves the admin signed in once, up to
// SESSION_DAYS ago; a write in the console also needs the admin's password typed in this session
// within the last ADMIN_REAUTH_MINUTES (admin_reauth, one row per session). The rule for admins
// without a password (signed in through Discord or the portal): they read the console but cannot
// write from it until they set one, since a short re-authentication through the host would prove
// only that the host's account is still signed in somewhere, which the session already says.
import { sql } from 'kysely';
import { ADMIN_TEXT, REAUTH_REQUIRED } from '../../../contract/admin';
import type { Executor, Trx } from '../../db/tx';
import { forbidden } from '../errors';

export interface ReauthSubject { sessionId: string; hasPassword: boolean }

/** Remembers that this session's admin typed their password now; answers until when it holds. */
export async function markReauthenticated(trx: Trx, sessionId: string, minutes: number): Promise<Date> {
  const row = await trx.insertInto('admin_reauth').values({ session_id: sessionId, at: sql`now()` })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ at: sql`now()` }))
    .returning(sql<Date | string>`at + make_interval(mins => ${minutes})`.as('until')).executeTakeFirstOrThrow();
  return new Date(row.until);
}

/** Refuses (403) a console write without a password typed in this session lately. */
export async function requireFreshPassword(db: Executor, who: ReauthSubject, minutes: number): Promise<void> {
  if (!who.hasPassword) throw forbidden(ADMIN_TEXT.reauthNoPassword, 'PASSWORD_REQUIRED');
  const fresh = await db.selectFrom('admin_reauth').select('session_id').where('session_id', '=', who.sessionId)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`).executeTakeFirst();
  if (!fresh) throw forbidden(ADMIN_TEXT.reauthRequired(minutes), REAUTH_REQUIRED);
}
