// What the clan screens read: clans with their members, one clan's details, a
// player's invites, search and browse, and an admin's pending invites and join requests.
import { sql } from 'kysely';
import { CLAN_TEXT, type ClanDetails, type ClanListItem } from '../../../contract/clans';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { notFound } from '../errors';

/** `%`, `_` and `\` are literal in a search, not LIKE wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const iso = (d: Date | string) => new Date(d).toISOString();

/** `viewerId`: who reads the list (their own balance is always theirs to see: docs/domain/money.md). */
export async function clansWithMembers(db: Executor, clanIds: string[], viewerId: string | null = null): Promise<ClanListItem[]> {
  if (clanIds.length === 0) return [];
  const clans = await db.selectFrom('clans').select(['id', 'name', 'tag', 'color']).where('id', 'in', clanIds).execute();
  const members = await db.selectFrom('clan_members')
    .innerJoin('users', 'users.id', 'clan_members.user_id')
    .leftJoin('coin_balances', (join) => join.on(sql<boolean>`coin_balances.account_id = 'player:' || users.id::text`))
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['clan_members.clan_id', 'clan_members.role', 'users.id', 'users.username', 'coin_balances.balance'])
    // A balance is private unless its owner chose to show it (their saved showBalanceToClan setting).
    .select(sql<boolean>`coalesce(user_settings.settings->'showBalanceToClan' = 'true'::jsonb, false)`.as('shows_balance'))
    .select((eb) => eb.selectFrom('achieved_levels').select(sql<number>`coalesce(max(level), 1)`.as('l')).whereRef('achieved_levels.user_id', '=', 'users.id').as('level'))
    .where('clan_members.clan_id', 'in', clanIds)
    .execute();
  const byId = new Map(clans.map((c) => [c.id, c]));
  return clanIds.flatMap((id) => {
    const clan = byId.get(id);
    if (!clan) return [];
    const list = members.filter((m) => m.clan_id === id)
      .map((m) => ({ uuid: m.id, username: m.username, role: m.role, level: Number(m.level ?? 1), tripcoinBalance: m.shows_balance === true || m.id === viewerId ? hundredthsToNumber(toBigInt(m.balance ?? 0)) : null }))
      .sort((a, b) => (a.role === b.role ? a.username.localeCompare(b.username) : a.role === 'admin' ? -1 : 1));
    const averageLevel = list.length ? Math.round((list.reduce((s, m) => s + m.level, 0) / list.length) * 10) / 10 : 0;
    return [{ clanId: clan.id, clanName: clan.name, clanTag: clan.tag, clanColor: clan.color, members: list, memberCount: list.length, averageLevel }];
  });
}

export async function details(db: Executor, clanId: string, viewerId: string | null = null): Promise<ClanDetails> {
  const [clan] = await clansWithMembers(db, [clanId], viewerId);
  const living = await db.selectFrom('clans').select('id').where('id', '=', clanId).where('disbanded_at', 'is', null).executeTakeFirst();
  if (!clan || !living) throw notFound(CLAN_TEXT.clanNotFound);
  return { clanId: clan.clanId, clanName: clan.clanName, clanTag: clan.clanTag, clanColor: clan.clanColor, members: clan.members };
}


/** The player's pending invites to living clans, newest first. */
export async function invitesOf(db: Executor, userId: string) {
  const rows = await db.selectFrom('clan_invites').innerJoin('clans', 'clans.id', 'clan_invites.clan_id')
    .select(['clan_invites.id', 'clans.id as clanId', 'clans.tag', 'clans.name', 'clans.color', 'clan_invites.created_at'])
    .where('clan_invites.user_id', '=', userId).where('clan_invites.status', '=', 'pending').where('clans.disbanded_at', 'is', null)
    .orderBy('clan_invites.created_at', 'desc').execute();
  return rows.map((r) => ({ inviteId: r.id, clanId: r.clanId, clanTag: r.tag, clanName: r.name, clanColor: r.color, createdAt: iso(r.created_at) }));
}

/** Up to 10 living clans whose name or tag contains `text` (any case). */
export async function searchClans(db: Executor, text: string, viewerId: string | null = null): Promise<ClanListItem[]> {
  const q = text.trim();
  if (!q) return [];
  const pattern = `%${likeEscape(q.toLowerCase())}%`;
  const ids = await db.selectFrom('clans').select('id').where('disbanded_at', 'is', null)
    .where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(tag)`, 'like', pattern)]))
    .orderBy('name').limit(10).execute();
  return clansWithMembers(db, ids.map((r) => r.id), viewerId);
}

/** One page of living clans, oldest first (a page past the end is the last page). */
export async function browseClans(db: Executor, wanted: { page: number; limit: number }, viewerId: string | null = null) {
  const total = await db.selectFrom('clans').select(sql<string>`count(*)`.as('n')).where('disbanded_at', 'is', null).executeTakeFirstOrThrow();
  const totalClans = Number(toBigInt(total.n));
  const totalPages = Math.max(1, Math.ceil(totalClans / wanted.limit));
  const page = Math.min(wanted.page, totalPages);
  const ids = await db.selectFrom('clans').select('id').where('disbanded_at', 'is', null)
    .orderBy('created_at').orderBy('id').limit(wanted.limit).offset((page - 1) * wanted.limit).execute();
  return { clans: await clansWithMembers(db, ids.map((r) => r.id), viewerId), pagination: { currentPage: page, totalPages, totalClans } };
}

/** The clan's pending invites, newest first (the caller checked it is the clan's admin). */
export async function sentInvitesOf(db: Executor, clanId: string) {
  const rows = await db.selectFrom('clan_invites').innerJoin('users', 'users.id', 'clan_invites.user_id')
    .select(['clan_invites.id', 'users.username', 'clan_invites.created_at'])
    .where('clan_invites.clan_id', '=', clanId).where('clan_invites.status', '=', 'pending')
    .orderBy('clan_invites.created_at', 'desc').execute();
  return rows.map((r) => ({ inviteId: r.id, username: r.username, createdAt: iso(r.created_at) }));
}

/** The clan's pending join requests, oldest first (the caller checked it is the clan's admin). */
export async function joinRequestsOf(db: Executor, clanId: string) {
  const rows = await db.selectFrom('clan_requests').innerJoin('users', 'users.id', 'clan_requests.user_id')
    .select(['clan_requests.id', 'users.username', 'clan_requests.created_at'])
    .where('clan_requests.clan_id', '=', clanId).where('clan_requests.status', '=', 'pending')
    .orderBy('clan_requests.created_at').execute();
  return rows.map((r) => ({ requestId: r.id, username: r.username, createdAt: iso(r.created_at) }));
}
