// Admins are made and unmade by an operator (`npm run admin -- grant-admin|revoke-admin <name>`),
// never through the API: this job owns its transaction. The change is announced like a
// revocation of the user's sessions' cached copies (not of the sessions themselves), so every
// process's session cache reads the new role at the player's next request.
import type { Db } from '../db/createDb';
import { inTransaction } from '../db/tx';
import { announceRevocation } from '../services/accounts/sessions';

export class AdminRoleError extends Error {}

export async function setAdmin(db: Db, username: string, admin: boolean): Promise<string> {
  return inTransaction(db, async (trx) => {
    const row = await trx.updateTable('users').set({ is_admin: admin })
      .where('username_lower', '=', username.toLowerCase()).returning(['id', 'username']).executeTakeFirst();
    if (!row) throw new AdminRoleError(`No player is called ${JSON.stringify(username)}`);
    // The session caches of the server's processes forget this user's cached sessions (the role
    // travels with them); NOTIFY is delivered when this transaction commits.
    await announceRevocation(trx, { userId: row.id });
    return `${row.username} ${admin ? 'is now an admin' : 'is no longer an admin'}`;
  });
}
