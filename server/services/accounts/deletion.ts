// Deleting an account, by the written rules of docs/domain/accounts.md ("Deleting an account"),
// in the caller's one transaction: either all of it happens or none of it.
//
// The user row stays, pseudonymised: the ledger's postings, the purchases and the console's
// audit refer to it, and the totals must still balance. Everything personal goes: names, the ids
// at Discord and the portal (so those identities can sign up afresh), wallets, settings,
// messages, the profile and its statistics, every session. What the player held is settled
// first (open listings cancelled, open wagers refunded, the clan handed over or disbanded), then
// forfeited to one sink; a debt stays on the pseudonymous account as it was.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_TEXT } from '../../../contract/admin';
import type { DeletionHow } from '../../../contract/rights';
import { RIGHTS_TEXT } from '../../../contract/rights';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, forbidden, notFound } from '../errors';
import { escrowOfGame } from '../economy/coinflip';
import { COINS, openAccount, playerAccount, post, type Leg } from '../economy/ledger';
import { marketChanged } from '../economy/listingsCache';
import { escrowOf } from '../economy/marketplace';
import { nameSkeleton } from './names';
import { revokeAllSessions } from './sessions';

/** Where a deleted player's coins and items go: out of circulation, like any sink. */
export const DELETED_ACCOUNTS_SINK = 'sink:deleted-accounts';

/** The name a deleted account keeps: never a valid username (a hyphen), so no one can take it. */
export const pseudonymOf = () => `deleted-${randomBytes(6).toString('hex')}`;

export interface Settled {
  listingsCancelled: number;
  wagersRefunded: number;
  clan: 'none' | 'left' | 'handedOver' | 'disbanded';
}

export interface DeletionOptions {
  how: DeletionHow;
  /** The admin who deleted it (console deletions). */
  byAdmin?: string | null;
  /** Days the old name and its look-alikes stay unavailable (DELETED_NAME_HOLD_DAYS). */
  nameHoldDays: number;
}

export interface Deleted { pseudonym: string; formerName: string; settled: Settled }

/** Deletes the account `userId` (its row locked first, so two deletions meet on it). */
/** The console never deletes an admin account: an operator takes the role away first, as for a ban. */
export async function refuseAdminDeletion(trx: Trx, userId: string): Promise<void> {
  const target = await trx.selectFrom('users').select('is_admin').where('id', '=', userId).executeTakeFirst();
  if (target?.is_admin) throw forbidden(ADMIN_TEXT.adminNotBannable, 'ADMIN_PROTECTED');
}

export async function deleteAccount(trx: Trx, userId: string, options: DeletionOptions): Promise<Deleted> {
  const user = await trx.selectFrom('users').select(['id', 'username', 'deleted_at', 'discord_id'])
    .where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) throw notFound('No such player');
  if (user.deleted_at) throw conflict(RIGHTS_TEXT.alreadyDeleted, 'ALREADY_DELETED');

  // 1. Every session ends, announced to every process's session cache; then the rows (device,
  // address) go with the rest of the personal data.
  await revokeAllSessions(trx, userId);
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();

  // 2. Open listings cancelled and open wagers refunded: back to the player first, in one posting.
  const account = playerAccount(userId);
  const listings = await trx.updateTable('market_listings').set({ status: 'cancelled', closed_at: sql`now()` })
    .where('seller_id', '=', userId).where('status', '=', 'active').returning(['id', 'item_uuid', 'quantity']).execute();
  if (listings.length) marketChanged(trx);
  const wagers = await trx.updateTable('coinflip_games').set({ status: 'cancelled', closed_at: new Date() })
    .where('creator_id', '=', userId).where('status', '=', 'open').returning(['id', 'wager']).execute();
  const back: Leg[] = [
    ...wagers.map((w) => ({ asset: COINS, from: escrowOfGame(w.id), to: account, amount: toBigInt(w.wager), reason: 'coinflip cancelled (account deleted)', ref: w.id })),
    ...listings.map((l) => ({ asset: l.item_uuid, from: escrowOf(l.id), to: account, amount: toBigInt(l.quantity), reason: 'listing cancelled (account deleted)', ref: l.id })),
  ];
  if (back.length) await post(trx, { reason: 'account deleted', legs: back, openPlayers: [userId] });

  // 3. Then everything the account holds is forfeited to the sink (a debt, a negative balance,
  // stays where it is: the pseudonymous account records it, and no one collects it).
  await openAccount(trx, DELETED_ACCOUNTS_SINK, 'sink');
  const coins = await trx.selectFrom('coin_balances').select('balance').where('account_id', '=', account).executeTakeFirst();
  const items = await trx.selectFrom('item_holdings').select(['item_uuid', 'quantity']).where('account_id', '=', account).where('quantity', '>', 0).execute();
  const forfeit: Leg[] = [
    ...(coins && toBigInt(coins.balance) > 0n ? [{ asset: COINS, from: account, to: DELETED_ACCOUNTS_SINK, amount: toBigInt(coins.balance) }] : []),
    ...items.map((i) => ({ asset: i.item_uuid, from: account, to: DELETED_ACCOUNTS_SINK, amount: toBigInt(i.quantity) })),
  ];
  if (forfeit.length) await post(trx, { reason: 'account deleted: forfeited', legs: forfeit });

  // 4. The clan: a member leaves; its admin hands it to the longest-standing member, or, alone,
  // the clan is disbanded. Pending invites and requests of the player close.
  const clan = await leaveClan(trx, userId);

  // 5. Personal data: removed, or on the user row replaced by a pseudonym.
  for (const table of PERSONAL_TABLES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  await trx.deleteFrom('profile_views').where((eb) => eb.or([eb('profile_id', '=', userId), eb('viewer_id', '=', userId)])).execute();
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
  if (user.discord_id) await trx.deleteFrom('pending_identities').where('provider', '=', 'discord').where('external_id', '=', user.discord_id).execute();
  const pseudonym = pseudonymOf();
  await trx.updateTable('users').set({
    username: pseudonym, username_lower: pseudonym, username_skeleton: null, password_hash: null,
    discord_id: null, discord_username: null, crazygames_id: null, preferred_address: null,
    last_login_at: null, is_admin: false, ban_message: null, deleted_at: sql`now()`,
  }).where('id', '=', userId).execute();

  // 6. The old name, by its skeleton only, is held back from everyone for a while.
  if (options.nameHoldDays > 0) {
    await trx.insertInto('reserved_names').values({ skeleton: nameSkeleton(user.username), until: sql<Date>`now() + make_interval(days => ${options.nameHoldDays})` })
      .onConflict((oc) => oc.column('skeleton').doUpdateSet({ until: sql`greatest(reserved_names.until, excluded.until)` })).execute();
  }

  // 7. The console's record: when, how, by whom, and what the rules settled (counts only).
  const settled: Settled = { listingsCancelled: listings.length, wagersRefunded: wagers.length, clan };
  await trx.insertInto('account_deletions').values({
    id: randomUUID(), user_id: userId, how: options.how, by_admin: options.byAdmin ?? null, settled: JSON.stringify(settled),
  }).execute();
  return { pseudonym, formerName: user.username, settled };
}

/** Tables whose rows of a deleted player are personal and simply go (keyed by `user_id`). */
const PERSONAL_TABLES = [
  'user_settings', 'wallets', 'wallet_nonces', 'live_events', 'profiles', 'login_days', 'player_stats',
  'legacy_stats', 'player_progress', 'achieved_levels', 'clan_invites', 'clan_requests', 'data_exports',
  'trade_holds', 'trade_limit_hits', 'leaderboard_scores',
] as const;

async function leaveClan(trx: Trx, userId: string): Promise<Settled['clan']> {
  await trx.updateTable('clan_invites').set({ status: 'closed' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
  await trx.updateTable('clan_requests').set({ status: 'closed' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
  const membership = await trx.selectFrom('clan_members').select(['clan_id', 'role']).where('user_id', '=', userId).executeTakeFirst();
  if (!membership) return 'none';
  const clanId = membership.clan_id;
  await trx.selectFrom('clans').select('id').where('id', '=', clanId).forUpdate().executeTakeFirst();
  await trx.deleteFrom('clan_members').where('user_id', '=', userId).execute();
  if (membership.role !== 'admin') return 'left';
  const heir = await trx.selectFrom('clan_members').select('user_id').where('clan_id', '=', clanId)
    .orderBy('joined_at', 'asc').orderBy('user_id', 'asc').limit(1).executeTakeFirst();
  if (heir) {
    await trx.updateTable('clan_members').set({ role: 'admin' }).where('user_id', '=', heir.user_id).execute();
    return 'handedOver';
  }
  await trx.updateTable('clans').set({ disbanded_at: sql`now()` }).where('id', '=', clanId).execute();
  await trx.updateTable('clan_invites').set({ status: 'closed' }).where('clan_id', '=', clanId).where('status', '=', 'pending').execute();
  await trx.updateTable('clan_requests').set({ status: 'closed' }).where('clan_id', '=', clanId).where('status', '=', 'pending').execute();
  return 'disbanded';
}

export type Deauthorized = { outcome: 'unknown' } | { outcome: 'unlinked'; userId: string } | { outcome: 'deleted'; userId: string };

/**
 * Discord told us a user removed our application (APPLICATION_DEAUTHORIZED): their Discord is
 * unlinked from the account; an account with no other way in (no password, no portal) is deleted.
 */
export async function discordDeauthorized(trx: Trx, discordUserId: string, nameHoldDays: number): Promise<Deauthorized> {
  const user = await trx.selectFrom('users').select(['id', 'password_hash', 'crazygames_id'])
    .where('discord_id', '=', discordUserId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  await trx.deleteFrom('pending_identities').where('provider', '=', 'discord').where('external_id', '=', discordUserId).execute();
  if (!user) return { outcome: 'unknown' };
  if (user.password_hash || user.crazygames_id) {
    await trx.updateTable('users').set({ discord_id: null, discord_username: null }).where('id', '=', user.id).execute();
    return { outcome: 'unlinked', userId: user.id };
  }
  await deleteAccount(trx, user.id, { how: 'discordDeauthorized', nameHoldDays });
  return { outcome: 'deleted', userId: user.id };
}

/** The console's list: the pseudonymous row, when, how, the admin's name, and the counts. */
export async function listDeletions(db: Executor, wanted: { page: number; limit: number }) {
  const rows = await db.selectFrom('account_deletions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as a', 'a.id', 'd.by_admin')
    .select(['d.user_id', 'u.username as pseudonym', 'd.deleted_at', 'd.how', 'a.username as admin', 'd.settled'])
    .orderBy('d.deleted_at', 'desc').orderBy('d.id', 'desc')
    .limit(wanted.limit).offset((wanted.page - 1) * wanted.limit).execute();
  const total = await db.selectFrom('account_deletions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    total: Number(total.n),
    rows: rows.map((r) => {
      const s = (typeof r.settled === 'string' ? JSON.parse(r.settled) : r.settled) as Partial<Settled>;
      return {
        uuid: r.user_id, pseudonym: r.pseudonym, deletedAt: new Date(r.deleted_at).toISOString(), how: r.how, by: r.admin ?? null,
        settled: { listingsCancelled: s.listingsCancelled ?? 0, wagersRefunded: s.wagersRefunded ?? 0, clan: s.clan ?? 'none' },
      };
    }),
  };
}
