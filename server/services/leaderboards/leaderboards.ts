// Leaderboards (docs/leaderboards.md): what the game server reports (POST /api/server/stats) is
// added to the player's weekly and all-time score of each stat that makes boards; boards are read
// globally, within the reader's clan, or among the players a host names, banned and deleted
// players left out. Ties: the higher value first, then the earlier reach of it (reached_at), then
// the lower account id. A read board is kept in this process for a short time and dropped at
// once when this process commits a score or a ban; another process's score shows within the TTL.
import { sql } from 'kysely';
import {
  LEADERBOARD_SIZE, LEADERBOARD_TEXT, type FriendProvider, type Leaderboard, type LeaderboardPeriod,
  type LeaderboardRow, type LeaderboardScope, type LeaderboardStat,
} from '../../../contract/leaderboards';
import { afterCommit, type Executor, type Trx } from '../../db/tx';
import { invalid } from '../errors';
import { usersByProviderIds } from '../accounts/providerIds';
import { ALL_TIME, enterSeason, seasonEnd, seasonKey, seasonStart, type Clock } from './seasons';

export interface LeaderboardRules {
  /** The hour (UTC) a weekly season starts on Monday. */
  resetHour: number;
  /** The stats that make boards, the first one a board opens on. */
  stats: readonly LeaderboardStat[];
  /** How long a read board is kept (ms); 0: never. */
  cacheMs: number;
}

/** A weekly score as it stood after a report: what a host's own leaderboard is sent. */
export interface WeeklyScore { userId: string; stat: LeaderboardStat; value: number; at: Date }

type Increments = Partial<Record<LeaderboardStat, number | undefined>>;

// --- the cache ---------------------------------------------------------------------------------

interface Entry<T> { expires: number; value: T }
/** Entries kept at most per cache; past it, the cache starts over. */
const MAX_ENTRIES = 5_000;
const caches = new Set<BoardCache>();

class BoardCache {
  private entries = new Map<string, Entry<unknown>>();
  private version = 0;
  constructor(private readonly ttlMs: number) { caches.add(this); }
  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const version = this.version;
    const value = await read();
    // A read that overlapped a change is answered but not kept.
    if (this.ttlMs > 0 && version === this.version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { expires: Date.now() + this.ttlMs, value });
    }
    return value;
  }
  clear(): void { this.version += 1; this.entries.clear(); }
  close(): void { this.clear(); caches.delete(this); }
}

/** Tells this process's boards that `trx` changed what they show (a score, a ban), once it commits. */
export function leaderboardsChanged(trx: Trx): void {
  afterCommit(trx, () => { for (const cache of caches) cache.clear(); });
}

// --- scores ------------------------------------------------------------------------------------

const num = (v: unknown): number => Number(v ?? 0);
const iso = (v: Date | string): string => new Date(v).toISOString();

export class Leaderboards {
  private readonly cache: BoardCache;
  constructor(
    private readonly rules: LeaderboardRules,
    /** The time a score is made at (the database's clock: one for every process). */
    private readonly clock: Clock,
    /** Which process this is, written on the season rows it opens. */
    private readonly processName: string,
    /** Told of each weekly score once its report committed (a host's leaderboard); never awaited. */
    private readonly onWeeklyScore: (score: WeeklyScore) => void = () => {},
    /** The time a board is read at: this process's clock (a read costs no query for it). */
    private readonly readNow: () => Date = () => new Date(),
  ) {
    this.cache = new BoardCache(rules.cacheMs);
  }

  get stats(): readonly LeaderboardStat[] { return this.rules.stats; }

  /** Opens the season the clock is in (the reset at the hour, once across processes). Answers
   * whether this call opened it. Call it first in a transaction that records scores. */
  async enterSeason(trx: Trx): Promise<{ season: string; opened: boolean; at: Date }> {
    const now = await this.clock(trx);
    const entered = await enterSeason(trx, seasonStart(now, this.rules.resetHour), this.processName);
    const at = now < entered.start ? entered.start : now;
    return { season: seasonKey(entered.start), opened: entered.opened, at };
  }

  /** Adds one applied stats report to the player's weekly and all-time scores, in the report's
   * transaction. Stats that make no board are left out. Answers the season it went to, and
   * whether this call opened that season (did the reset). */
  async record(trx: Trx, userId: string, report: Increments): Promise<{ season: string; opened: boolean }> {
    const { season, at, opened } = await this.enterSeason(trx);
    const weekly: WeeklyScore[] = [];
    for (const stat of this.rules.stats) {
      const inc = report[stat] ?? 0;
      if (!(inc > 0)) continue;
      for (const board of [season, ALL_TIME]) {
        const row = await trx.insertInto('leaderboard_scores').values({ season: board, stat, user_id: userId, value: inc, reached_at: at })
          .onConflict((oc) => oc.columns(['season', 'stat', 'user_id']).doUpdateSet({
            value: sql`leaderboard_scores.value + excluded.value`, reached_at: sql`excluded.reached_at`,
          })).returning('value').executeTakeFirstOrThrow();
        if (board === season) weekly.push({ userId, stat, value: num(row.value), at });
      }
    }
    if (weekly.length) {
      leaderboardsChanged(trx);
      afterCommit(trx, () => { for (const score of weekly) this.onWeeklyScore(score); });
    }
    return { season, opened };
  }

  // --- reading ---------------------------------------------------------------------------------

  /** One board with the reader's row. A stat that makes no board is refused. */
  async read(db: Executor, readerId: string, q: {
    stat?: LeaderboardStat | undefined; period: LeaderboardPeriod; scope: LeaderboardScope;
    provider?: FriendProvider | undefined; ids?: string[] | undefined;
  }): Promise<Leaderboard> {
    const stat = q.stat ?? this.rules.stats[0] ?? 'wins';
    if (!this.rules.stats.includes(stat)) throw invalid(LEADERBOARD_TEXT.unknownStat, 'UNKNOWN_STAT');
    const start = seasonStart(this.readNow(), this.rules.resetHour);
    const season = q.period === 'all' ? ALL_TIME : seasonKey(start);
    const members = await this.scopeMembers(db, readerId, q.scope, q.provider, q.ids ?? []);
    const scopeKey = members === 'everyone' ? 'global' : `${q.scope}:${members.join(',')}`;
    const top = await this.cache.get(`top|${season}|${stat}|${scopeKey}`, () => this.topRows(db, season, stat, members));
    const mine = top.rows.find((r) => r.uuid === readerId)
      ?? await this.cache.get(`me|${season}|${stat}|${scopeKey}|${readerId}`, () => this.rowOf(db, season, stat, members, readerId));
    return {
      stat, stats: [...this.rules.stats], period: q.period, scope: q.scope,
      season: q.period === 'all' ? null : { startsAt: iso(start), endsAt: iso(seasonEnd(start)) },
      rows: top.rows, me: mine ?? null, total: top.total,
    };
  }

  /** The players a scope covers: everyone, or a sorted list of account ids (the reader among them). */
  private async scopeMembers(db: Executor, readerId: string, scope: LeaderboardScope, provider: FriendProvider | undefined, ids: string[]): Promise<'everyone' | string[]> {
    if (scope === 'global') return 'everyone';
    if (scope === 'clan') {
      return this.cache.get(`clan|${readerId}`, async () => {
        const rows = await db.selectFrom('clan_members as m').innerJoin('clan_members as mine', 'mine.clan_id', 'm.clan_id')
          .select('m.user_id').where('mine.user_id', '=', readerId).execute();
        // A player outside any clan sees their own row only.
        return [...new Set([readerId, ...rows.map((r) => r.user_id)])].sort();
      });
    }
    // Friends: the host's ids resolved to accounts through the linked sign-in; unknown ids are
    // no one. The reader is always among their own friends.
    const known = provider === 'crazygames' ? 'crazygames' : 'discord';
    const sorted = [...ids].sort();
    return this.cache.get(`friends|${known}|${readerId}|${sorted.join(',')}`, async () => {
      const friends = await usersByProviderIds(db, known, sorted);
      return [...new Set([readerId, ...friends])].sort();
    });
  }

  private scored(db: Executor, season: string, stat: LeaderboardStat, members: 'everyone' | string[]) {
    let query = db.selectFrom('leaderboard_scores as s').innerJoin('users as u', 'u.id', 's.user_id')
      .where('s.season', '=', season).where('s.stat', '=', stat).where('s.value', '>', 0)
      .where('u.banned_at', 'is', null).where('u.deleted_at', 'is', null);
    if (members !== 'everyone') query = query.where('s.user_id', 'in', members.length ? members : ['00000000-0000-0000-0000-000000000000']);
    return query;
  }

  private async topRows(db: Executor, season: string, stat: LeaderboardStat, members: 'everyone' | string[]): Promise<{ rows: LeaderboardRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.scored(db, season, stat, members).select(['s.user_id', 'u.username', 's.value'])
        .orderBy('s.value', 'desc').orderBy('s.reached_at', 'asc').orderBy('s.user_id', 'asc').limit(LEADERBOARD_SIZE).execute(),
      this.scored(db, season, stat, members).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r, i) => ({ rank: i + 1, uuid: r.user_id, username: r.username, value: num(r.value) })), total: num(count.n) };
  }

  /** The reader's row further down: their rank is one more than the players ahead by the tie rule. */
  private async rowOf(db: Executor, season: string, stat: LeaderboardStat, members: 'everyone' | string[], readerId: string): Promise<LeaderboardRow | null> {
    const own = await this.scored(db, season, stat, members).select(['s.value', 's.reached_at', 'u.username'])
      .where('s.user_id', '=', readerId).executeTakeFirst();
    if (!own) return null;
    const ahead = await this.scored(db, season, stat, members).select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => eb.or([
        eb('s.value', '>', own.value),
        eb.and([eb('s.value', '=', own.value), eb('s.reached_at', '<', own.reached_at)]),
        eb.and([eb('s.value', '=', own.value), eb('s.reached_at', '=', own.reached_at), eb('s.user_id', '<', readerId)]),
      ])).executeTakeFirstOrThrow();
    return { rank: num(ahead.n) + 1, uuid: readerId, username: own.username, value: num(own.value) };
  }

  close(): void { this.cache.close(); }
}
