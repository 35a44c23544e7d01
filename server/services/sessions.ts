// Sessions: a random 256-bit token in an HttpOnly cookie; the database keeps only its SHA-256.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/tx';

export const SESSION_COOKIE = 'sid';

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
}

export async function createSession(db: Executor, userId: string, days: number, meta: { userAgent?: string; ip?: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sessions').values({
    id: randomUUID(),
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + days * 86_400_000),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  }).execute();
  await markActiveToday(db, userId);
  return token;
}

export async function findSession(db: Executor, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.last_seen_at', 'users.id', 'users.username', 'users.is_admin', 'users.verified', 'users.created_at', 'users.last_login_at', 'users.preferred_address', sql<boolean>`users.password_hash is not null`.as('has_password')])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
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
    preferredAddress: row.preferred_address, hasPassword: Boolean(row.has_password),
  };
}

/** Records today (UTC) as a day the player was active: daily login streaks come from these. */
export async function markActiveToday(db: Executor, userId: string): Promise<void> {
  await db.insertInto('login_days').values({ user_id: userId, day: sql<string>`(now() AT TIME ZONE 'UTC')::date` })
    .onConflict((oc) => oc.doNothing()).execute();
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * Cookie attributes follow the scheme: over https the shell may be inside the portal's or
 * Discord's iframe, where only `SameSite=None; Secure; Partitioned` cookies are sent; plain
 * http (localhost) cannot set Secure cookies, so it gets `SameSite=Lax`.
 */
/**
 * Signs a user in on this response: a new session and cookie. The session the request came with
 * (if any) is revoked, so a token planted before sign-in is worthless after it (fixation).
 */
export async function startSession(db: Executor, request: FastifyRequest, reply: FastifyReply, userId: string, days: number): Promise<SessionUser> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) {
    const old = await findSession(db, previous);
    if (old) await revokeSession(db, old.sessionId);
  }
  await db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();
  const token = await createSession(db, userId, days, { userAgent: request.headers['user-agent'], ip: request.ip });
  setSessionCookie(request, reply, token, days);
  const user = await findSession(db, token);
  if (!user) throw new Error('session vanished after creation');
  return user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, days: number): void {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    maxAge: days * 86_400,
    ...(secure ? { secure: true, sameSite: 'none', partitioned: true } : { sameSite: 'lax' }),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  reply.clearCookie(SESSION_COOKIE, {
    path: '/', httpOnly: true,
    ...(secure ? { secure: true, sameSite: 'none', partitioned: true } : { sameSite: 'lax' }),
  });
}
