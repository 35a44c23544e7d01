// Names no one can impersonate: usernames, clan names and clan tags are unique
// by their confusable skeleton (Unicode UTS #39, confusables.txt through the `unhomoglyph`
// package, no table of our own) and by case, on top of their case-insensitive uniqueness. The
// skeleton is stored in a column with a unique index (migration 011), so every process agrees.
// The characters themselves (invisible, format, control, mixed scripts) are checked in the
// contract (contract/names.ts), where the shell shows the same texts.
import unhomoglyph from 'unhomoglyph';
import { sql } from 'kysely';
import { AUTH_TEXT } from '../../../contract/auth';
import { CLAN_TEXT } from '../../../contract/clans';
import type { Executor } from '../../db/tx';
import { isUniqueViolation } from '../../db/tx';
import { conflict } from '../errors';

/** UTS #39 skeleton (NFD, confusable mapping, NFD), then case folded and mapped once more, so
 * 'biII', 'bil1', 'BILL' and 'bill' share one: 'I', 'l' and '1', or '0' and 'O', look alike. */
export function nameSkeleton(name: string): string {
  const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');
  return skeleton(skeleton(name).toLowerCase());
}

/** Refuses a username that looks like one already taken (the unique index is the final word). */
export async function assertUsernameDistinct(db: Executor, username: string): Promise<string> {
  const skeleton = nameSkeleton(username);
  const other = await db.selectFrom('users').select('id').where('username_skeleton', '=', skeleton)
    .where('username_lower', '<>', username.toLowerCase()).executeTakeFirst();
  if (other) throw conflict(AUTH_TEXT.usernameLookalike, 'USERNAME_LOOKALIKE');
  if (await isNameReserved(db, skeleton)) throw conflict(AUTH_TEXT.usernameTaken);
  return skeleton;
}

/** Whether a deleted player's name (by its skeleton) is still held back from everyone
 * (DELETED_NAME_HOLD_DAYS; services/accounts/deletion.ts keeps it). */
export async function isNameReserved(db: Executor, skeleton: string): Promise<boolean> {
  const row = await db.selectFrom('reserved_names').select('skeleton').where('skeleton', '=', skeleton)
    .where('until', '>', sql<Date>`now()`).executeTakeFirst();
  return row !== undefined;
}

export const clanSkeletons = (input: { clanName: string; clanTag: string }) =>
  ({ name_skeleton: nameSkeleton(input.clanName), tag_skeleton: nameSkeleton(input.clanTag) });

/** The conflict a clan's unique violation stands for: its name, or its tag, or a look-alike of either. */
export async function clanConflict(db: Executor, input: { clanName: string; clanTag: string }) {
  const { name_skeleton } = clanSkeletons(input);
  const living = () => db.selectFrom('clans').select(['name', 'tag']).where('disbanded_at', 'is', null);
  if (await living().where(sql`lower(name)`, '=', input.clanName.toLowerCase()).executeTakeFirst()) return conflict(CLAN_TEXT.nameTaken, 'CLAN_NAME_TAKEN');
  if (await living().where('name_skeleton', '=', name_skeleton).executeTakeFirst()) return conflict(CLAN_TEXT.nameLookalike, 'CLAN_NAME_LOOKALIKE');
  if (await living().where('tag', '=', input.clanTag).executeTakeFirst()) return conflict(CLAN_TEXT.tagTaken, 'CLAN_TAG_TAKEN');
  return conflict(CLAN_TEXT.tagLookalike, 'CLAN_TAG_LOOKALIKE');
}

/**
 * Gives skeletons to rows made before migration 011 (run at every start, cheap once done),
 * oldest first: the first of a look-alike pair keeps the skeleton, the later one stays without
 * (nothing is renamed; `npm run admin -- lookalikes` lists them).
 */
export async function fillNameSkeletons(db: Executor): Promise<void> {
  const set = async (run: () => Promise<unknown>) => {
    try { await run(); } catch (error) { if (!isUniqueViolation(error)) throw error; }
  };
  const users = await db.selectFrom('users').select(['id', 'username']).where('username_skeleton', 'is', null).orderBy('created_at').orderBy('id').execute();
  for (const u of users) {
    const skeleton = nameSkeleton(u.username);
    await set(() => db.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', u.id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users as o').select('o.id').where('o.username_skeleton', '=', skeleton)))).execute());
  }
  const clans = await db.selectFrom('clans').select(['id', 'name', 'tag', 'name_skeleton', 'tag_skeleton']).where('disbanded_at', 'is', null)
    .where((eb) => eb.or([eb('name_skeleton', 'is', null), eb('tag_skeleton', 'is', null)])).orderBy('created_at').orderBy('id').execute();
  for (const c of clans) {
    for (const [column, value] of [['name_skeleton', nameSkeleton(c.name)], ['tag_skeleton', nameSkeleton(c.tag)]] as const) {
      if (c[column] !== null) continue;
      await set(() => db.updateTable('clans').set({ [column]: value }).where('id', '=', c.id)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('clans as o').select('o.id').where(`o.${column}`, '=', value).where('o.disbanded_at', 'is', null)))).execute());
    }
  }
}

export interface LookalikeGroup { kind: 'username' | 'clan name' | 'clan tag'; names: string[] }

/** Every group of existing names sharing a skeleton (living clans only). */
export async function lookalikeGroups(db: Executor): Promise<LookalikeGroup[]> {
  const [users, clans] = await Promise.all([
    db.selectFrom('users').select('username').orderBy('created_at').execute(),
    db.selectFrom('clans').select(['name', 'tag']).where('disbanded_at', 'is', null).orderBy('created_at').execute(),
  ]);
  const groups = (kind: LookalikeGroup['kind'], names: string[]): LookalikeGroup[] => {
    const by = new Map<string, string[]>();
    for (const name of names) by.set(nameSkeleton(name), [...(by.get(nameSkeleton(name)) ?? []), name]);
    return [...by.values()].filter((g) => g.length > 1).map((g) => ({ kind, names: g }));
  };
  return [...groups('username', users.map((u) => u.username)), ...groups('clan name', clans.map((c) => c.name)), ...groups('clan tag', clans.map((c) => c.tag))];
}
