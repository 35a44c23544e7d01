import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '../../../contract/auth';
import { USERNAME_PATTERN } from '../../../contract/auth';
import type { Executor, Trx } from '../../db/tx';
import { openPlayerAccount } from '../economy/ledger';
import { assertUsernameDistinct, isNameReserved, nameSkeleton } from './names';
import type { SessionUser } from './sessions';

export function currentUserOf(user: SessionUser): CurrentUser {
  return {
    uuid: user.id,
    username: user.username,
    verified: user.verified,
    isAdmin: user.isAdmin,
    accountCreatedAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    preferred_address: user.preferredAddress,
    hasPassword: user.hasPassword,
  };
}

export interface NewUser {
  username: string;
  passwordHash: string | null;
  discordId?: string | null;
  discordUsername?: string | null;
  crazygamesId?: string | null;
}

/** A new player: the user row, their money account, XP and level 1, in the caller's transaction. */
export async function createUser(trx: Trx, input: NewUser): Promise<string> {
  const id = randomUUID();
  const skeleton = await assertUsernameDistinct(trx, input.username);
  await trx.insertInto('users').values({
    id, username: input.username, username_lower: input.username.toLowerCase(), username_skeleton: skeleton, password_hash: input.passwordHash,
    last_login_at: new Date(), discord_id: input.discordId ?? null, discord_username: input.discordUsername ?? null,
    crazygames_id: input.crazygamesId ?? null,
  }).execute();
  await openPlayerAccount(trx, id);
  await trx.insertInto('player_progress').values({ user_id: id, total_xp: 0 }).execute();
  await trx.insertInto('achieved_levels').values({ user_id: id, level: 1 }).execute();
  return id;
}

/**
 * A username that follows the rule and is free, derived from a name chosen elsewhere (Discord,
 * the portal): invalid characters become underscores, then a number is added until it is free.
 */
export async function freeUsernameLike(db: Executor, wanted: string): Promise<string> {
  let base = wanted.normalize('NFKD').replace(/[^A-Za-z0-9_]/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '').slice(0, 16);
  if (base.length < 3) base = `player_${base}`.slice(0, 16);
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? base : `${base.slice(0, 16)}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!USERNAME_PATTERN.test(candidate)) continue;
    const taken = await db.selectFrom('users').select('id').where((eb) => eb.or([eb('username_lower', '=', candidate.toLowerCase()), eb('username_skeleton', '=', nameSkeleton(candidate))])).executeTakeFirst();
    if (!taken && !(await isNameReserved(db, nameSkeleton(candidate)))) return candidate;
  }
  return `player_${randomUUID().slice(0, 8)}`;
}
