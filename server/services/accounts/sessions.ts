// Sessions: a random 256-bit token in an HttpOnly cookie; the database keeps only its SHA-256.
// The same token may come as `Authorization: Bearer <token>` instead, for a shell framed
// cross-site whose cookie the browser dropped (third-party cookies blocked, SameSite=Lax on
// http): it is the same session, with the same expiry, rotation at sign-in and revocation at
// logout and password change. Every response that starts a session carries its token in the
// SESSION_TOKEN_HEADER header (never in a URL, never in the body's spec'd shape), so the shell
// can continue with it when its cookie did not stick. Reading the token from a request and
// setting the cookie are the route layer's (server/http/sessions.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { HOST_NAMES, type HostName } from '../../../contract/hostApi';
import { said } from '../../../contract/texts';
import type { Executor } from '../../db/tx';
import { forbidden } from '../errors';

export const SESSION_COOKIE = 'sid';
/** The response header that hands a new session's token to the shell (lower case, as Node sends it). */
export const SESSION_TOKEN_HEADER = 'x-session-token';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  sessionId: string;
  id: string;
  username: string;
  isAdmin: boolean;
  verified: number;
  createdAt: Date;
  lastLoginAt: Date | null;
  preferredAddress: string | null;
  /** False for accounts made through Discord or the portal that never set a password. */
  hasPassword: boolean;
  /** The host this session was signed in from (the feature policy follows it); the web for
   * sessions from before it was kept. */
  host: HostName;
}

const hostOrWeb = (value: string | null): HostName => ((HOST_NAMES as readonly string[]).includes(value ?? '') ? value as HostName : 'web');

export async function createSession(db: Executor, userId: string, days: number, meta: { userAgent?: string; ip?: string; host?: HostName }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sessions').values({
    id: randomUUID(),
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + days * 86_400_000),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    host: meta.host ?? 'web',
  }).execute();
  await markActiveToday(db, userId);
  return token;
}

/** How many times the session store was read (findSession with a well-formed token). */
export const sessionStoreReads = { count: 0 };

export async function findSession(db: Executor, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  sessionStoreReads.count++;
  const row = await db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.last_seen_at', 'sessions.host', 'users.id', 'users.username', 'users.is_admin', 'users.verified', 'users.created_at', 'users.last_login_at', 'users.preferred_address', sql<boolean>`users.password_hash is not null`.as('has_password')])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    // A ban ends the sessions (revokeAllSessions); this is the second guard.
    .where('users.banned_at', 'is', null)
    // A deletion ends the sessions too; a deleted account's row never signs anyone in.
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // Activity for "online" and "last active" without a write per request: at most once a minute.
  if (Date.now() - new Date(row.last_seen_at).getTime() > 60_000) {
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', row.sessionId).execute();
    await markActiveToday(db, row.id);
  }
  return {
    sessionId: row.sessionId, id: row.id, username: row.username, isAdmin: row.is_admin, verified: row.verified,
    createdAt: new Date(row.created_at), lastLoginAt: row.last_login_at ? new Date(row.last_login_at) : null,
    preferredAddress: row.preferred_address, hasPassword: Boolean(row.has_password), host: hostOrWeb(row.host),
  };
}

/** Records today (UTC) as a day the player was active: daily login streaks come from these. */
export async function markActiveToday(db: Executor, userId: string): Promise<void> {
  await db.insertInto('login_days').values({ user_id: userId, day: sql<string>`(now() AT TIME ZONE 'UTC')::date` })
    .onConflict((oc) => oc.doNothing()).execute();
}

/** A revoked session, or every session of one user, as announced to the session caches. */
export type Revocation = { sessionId: string } | { userId: string };
/** The PostgreSQL NOTIFY channel that carries revocations to every API process (services/accounts/sessionCache.ts). */
export const REVOCATION_CHANNEL = 'tripshell_session_revoked';
const revocationListeners = new Set<(revocation: Revocation) => void>();

/** Called at once for every revocation made in this process (the other processes hear it by NOTIFY). */
export function onSessionRevoked(listener: (revocation: Revocation) => void): () => void {
  revocationListeners.add(listener);
  return () => { revocationListeners.delete(listener); };
}

/** This process's caches forget at once; every process's (this one's again, after the commit:
 * NOTIFY inside a transaction is delivered when it commits) when the notification arrives. The
 * one place the revocation NOTIFY is written. */
export async function announceRevocation(db: Executor, revocation: Revocation): Promise<void> {
  for (const listener of revocationListeners) listener(revocation);
  await sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(revocation)})`.execute(db);
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  await announceRevocation(db, { sessionId });
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await announceRevocation(db, { userId });
}

/**
 * Signs a user in: a new session, whose token the caller hands to the client. The session the
 * client came with (`previousToken`, if any) is revoked, so a token planted before sign-in is
 * worthless after it (fixation).
 */
export async function signIn(db: Executor, userId: string, days: number, meta: { previousToken?: string | undefined; userAgent?: string | undefined; ip?: string | undefined; host?: HostName }): Promise<{ token: string; user: SessionUser }> {
  // Every sign-in (password, Discord, the portal, a new account) comes here: a banned player is
  // told what the admin wrote for them (never the internal reason), and gets no session.
  const banned = await db.selectFrom('users').select('ban_message').where('id', '=', userId).where('banned_at', 'is not', null).executeTakeFirst();
  if (banned) {
    const ban = banned.ban_message ? said('auth.banned', banned.ban_message) : said('auth.bannedWithoutMessage');
    throw forbidden(ban.text, 'BANNED').saying(ban.ref);
  }
  if (meta.previousToken) {
    const old = await findSession(db, meta.previousToken);
    if (old) await revokeSession(db, old.sessionId);
  }
  await db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();
  const token = await createSession(db, userId, days, { userAgent: meta.userAgent, ip: meta.ip, ...(meta.host ? { host: meta.host } : {}) });
  const user = await findSession(db, token);
  if (!user) throw new Error('session vanished after creation');
  return { token, user };
}
