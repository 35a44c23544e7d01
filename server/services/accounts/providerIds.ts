// Who a player is at an outside party: the one lookup from a provider's id of a user (Discord's
// user id, the CrazyGames id the portal's token names, which is also its Xsolla user) to our
// account, and back. Sign-in, linking, purchases and the webhooks all ask here.
import type { Executor } from '../../db/tx';

/** The outside parties a user can be known by, and the users column that holds each id. */
const COLUMN = { discord: 'discord_id', crazygames: 'crazygames_id' } as const;
export type IdProvider = keyof typeof COLUMN;

/** The account known to `provider` as `providerUserId`, if any. */
export async function userByProviderId(db: Executor, provider: IdProvider, providerUserId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where(COLUMN[provider], '=', providerUserId).executeTakeFirst();
  return row?.id ?? null;
}

/** The live accounts (not deleted) known to `provider` by any of `providerUserIds`; unknown ids
 * are no one. */
export async function usersByProviderIds(db: Executor, provider: IdProvider, providerUserIds: readonly string[]): Promise<string[]> {
  if (providerUserIds.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where(COLUMN[provider], 'in', [...providerUserIds])
    .where('deleted_at', 'is', null).execute();
  return rows.map((row) => row.id);
}

/** The id `provider` knows this account by, if it has one (null for an unknown account too). */
export async function providerIdOfUser(db: Executor, provider: IdProvider, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select(COLUMN[provider]).where('id', '=', userId).executeTakeFirst();
  return row?.[COLUMN[provider]] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `userId` if it names an account of ours (a provider echoes back what we gave it). */
export async function existingUser(db: Executor, userId: string): Promise<string | null> {
  if (!UUID.test(userId)) return null;
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}
