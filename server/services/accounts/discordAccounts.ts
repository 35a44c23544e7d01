// Discord sign-in, sign-up and linking, on the database's side. A Discord identity the
// server has proven (code exchange) and that no account carries yet becomes a pending identity:
// a single-use token, kept hashed, that the same browser spends to create an account or to fuse
// it with an existing one. Spending it happens inside the transaction that creates or links, so
// a token works once.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DISCORD_PENDING_MINUTES, DISCORD_TEXT } from '../../../contract/accounts';
import { AUTH_TEXT } from '../../../contract/auth';
import { attempt, isUniqueViolation, type Executor, type Trx } from '../../db/tx';
import { conflict, invalid } from '../errors';
import { createUser, freeUsernameLike } from './users';
import { userByProviderId } from './providerIds';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

export interface DiscordIdentity { id: string; username: string; global_name?: string | null }

export type DiscordSignIn = { userId: string } | { pendingToken: string; suggestedUsername: string };

/** The account linked to this Discord user (its Discord name refreshed), or a new pending identity. */
export async function discordSignIn(trx: Trx, discordUser: DiscordIdentity): Promise<DiscordSignIn> {
  const linked = await userByProviderId(trx, 'discord', discordUser.id);
  if (linked) {
    await trx.updateTable('users').set({ discord_username: discordUser.username }).where('id', '=', linked).execute();
    return { userId: linked };
  }
  const token = randomBytes(32).toString('base64url');
  await trx.insertInto('pending_identities').values({
    token_hash: hash(token), provider: 'discord', external_id: discordUser.id, external_username: discordUser.username,
    expires_at: new Date(Date.now() + DISCORD_PENDING_MINUTES * 60_000),
  }).execute();
  return { pendingToken: token, suggestedUsername: await freeUsernameLike(trx, discordUser.global_name || discordUser.username) };
}

/** Checks that `token` is a live pending identity for `discordId` (it is spent later, by the change). */
export async function checkPendingIdentity(db: Executor, token: string | undefined, discordId: string): Promise<string> {
  if (!token) throw invalid(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_MISSING');
  const row = await db.selectFrom('pending_identities').select('external_id').where('token_hash', '=', hash(token))
    .where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  if (!row) throw invalid(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_EXPIRED');
  if (row.external_id !== discordId) throw invalid(DISCORD_TEXT.missingUser, 'DISCORD_ID_MISMATCH');
  return token;
}

async function spendPending(trx: Trx, token: string) {
  const pending = await trx.updateTable('pending_identities').set({ used_at: sql`now()` })
    .where('token_hash', '=', hash(token)).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .returning(['external_id', 'external_username']).executeTakeFirst();
  if (!pending) throw invalid(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_EXPIRED');
  return pending;
}

/** A new account for the pending identity `token` (checked for `discordId`); its id. */
export async function createDiscordAccount(trx: Trx, token: string | undefined, discordId: string, username: string): Promise<string> {
  const pending = await spendPending(trx, await checkPendingIdentity(trx, token, discordId));
  try {
    return await attempt(trx, () => createUser(trx, { username, passwordHash: null, discordId: pending.external_id, discordUsername: pending.external_username }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const idTaken = await userByProviderId(trx, 'discord', discordId);
    throw conflict(idTaken ? DISCORD_TEXT.alreadyLinked : AUTH_TEXT.usernameTaken, idTaken ? 'DISCORD_ALREADY_LINKED' : 'USERNAME_TAKEN');
  }
}

/** Links the pending identity `token` to the account `userId` (its password already checked). */
export async function fuseDiscord(trx: Trx, token: string, userId: string): Promise<void> {
  const pending = await spendPending(trx, token);
  try {
    await attempt(trx, () => trx.updateTable('users').set({ discord_id: pending.external_id, discord_username: pending.external_username }).where('id', '=', userId).execute());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DISCORD_TEXT.alreadyLinked, 'DISCORD_ALREADY_LINKED');
    throw error;
  }
}

/** Links a Discord user the signed-in player proved to their account. */
export async function linkDiscord(trx: Trx, userId: string, discordUser: DiscordIdentity): Promise<void> {
  const me = await trx.selectFrom('users').select('discord_id').where('id', '=', userId).executeTakeFirstOrThrow();
  if (me.discord_id && me.discord_id !== discordUser.id) throw conflict(DISCORD_TEXT.accountHasDiscord, 'ACCOUNT_HAS_DISCORD');
  try {
    await attempt(trx, () => trx.updateTable('users').set({ discord_id: discordUser.id, discord_username: discordUser.username }).where('id', '=', userId).execute());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DISCORD_TEXT.alreadyLinked, 'DISCORD_ALREADY_LINKED');
    throw error;
  }
}
