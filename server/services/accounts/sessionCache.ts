// A short per-process cache of session lookups (SESSION_CACHE_MS, default 1 s), so a signed-in
// player's reads do not each cost a join on sessions and users. A revocation (logout, password
// change, the old session at a new sign-in) reaches every process's cache within a second:
// - in this process at once (services/accounts/sessions.ts announces it to onSessionRevoked listeners);
// - in every process on PostgreSQL through LISTEN/NOTIFY on REVOCATION_CHANNEL, delivered when
//   the revoking transaction commits. While the listening connection is down the cache is off
//   (every request reads the store), so a missed notification can never keep a session alive.
// PGlite is one process: its own announcements are all there is.
// A lookup that started before a revocation and ends after it is not cached (the generation).
// Concurrent requests with the same token share one store read while no revocation has happened
// since it started (an expired entry under load was read once per waiting request, each holding
// a pool connection); a request that comes after a revocation never joins a read from before it.
// The user a lookup answers is frozen and shared by every request of that session while it is
// cached, never copied: no handler can change another's user, and what is made from one user
// (whoami's answer, routes/auth.ts) can be made once per entry.
import { z } from 'zod';
import type { Db } from '../../db/createDb';
import type { Listen, Listening } from '../../db/notifications';
import { findSession, REVOCATION_CHANNEL, type Revocation, type SessionUser } from './sessions';

const MAX_ENTRIES = 50_000;
const RevocationMessage = z.union([z.object({ sessionId: z.string() }), z.object({ userId: z.string() })]);

/** One user shared by requests, so frozen. */
const frozen = (user: SessionUser | null): SessionUser | null => user && Object.freeze(user);

export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private generation = 0;
  /** Store reads under way, by token, with the generation each started in. */
  private readonly reading = new Map<string, { generation: number; user: Promise<SessionUser | null> }>();
  /** False while revocations from other processes cannot be heard (the listener is down). */
  live: boolean;

  constructor(private readonly db: Db, private readonly ttlMs: number, readonly needsListener: boolean) {
    this.live = !needsListener;
  }

  /** The cached (frozen) user for `token`, or undefined when the store must be asked (find). */
  cached(token: string): SessionUser | undefined {
    if (this.ttlMs <= 0 || !this.live) return undefined;
    const hit = this.entries.get(token);
    return hit && hit.until > Date.now() ? hit.user : undefined;
  }

  async find(token: string): Promise<SessionUser | null> {
    const hit = this.cached(token);
    if (hit) return hit;
    if (this.ttlMs <= 0 || !this.live) return frozen(await findSession(this.db, token));
    const under = this.reading.get(token);
    if (under && under.generation === this.generation) return under.user;
    const generation = this.generation;
    const read = this.read(token, generation);
    this.reading.set(token, { generation, user: read });
    try {
      return await read;
    } finally {
      if (this.reading.get(token)?.user === read) this.reading.delete(token);
    }
  }

  private async read(token: string, generation: number): Promise<SessionUser | null> {
    const now = Date.now();
    const user = frozen(await findSession(this.db, token));
    if (!user) { this.entries.delete(token); return null; }
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(token, { user, until: now + this.ttlMs });
    }
    return user;
  }

  forget(revocation: Revocation): void {
    this.generation++;
    for (const [token, entry] of this.entries) {
      if ('sessionId' in revocation ? entry.user.sessionId === revocation.sessionId : entry.user.id === revocation.userId) this.entries.delete(token);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * Listens on REVOCATION_CHANNEL through the process's one LISTEN client (db/notifications.ts,
 * which reconnects every second while down). While it is down the cache is off and empty; when it
 * is (back) up the cache starts afresh, since what was sent meanwhile was missed.
 */
export function listenForRevocations(listen: Listen, cache: SessionCache, log: { warn(o: object, m: string): void }): Listening {
  return listen(REVOCATION_CHANNEL, {
    message: (payload) => {
      let parsed: z.infer<typeof RevocationMessage> | null;
      try { parsed = RevocationMessage.parse(JSON.parse(payload)); } catch { parsed = null; }
      if (parsed) cache.forget(parsed); else cache.clear();
    },
    up: () => { cache.clear(); cache.live = true; },
    down: (error) => {
      log.warn({ err: error }, 'session revocation listener down; session cache off until it is back');
      cache.live = false;
      cache.clear();
    },
  });
}
