// Accounts and sessions (spec part 1 §5, §7, §8; part 2 §5).
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS_USER, AUTH_TEXT, changePassword, login, logout, register, whoami } from '../../contract/auth';
import { inTransaction, isUniqueViolation } from '../db/tx';
import { badRequest, conflict, HttpError } from '../errors';
import { route } from '../route';
import { passwordAttempts } from '../services/passwordAttempts';
import { hashPassword } from '../services/passwords';
import { clearSessionCookie, createSession, revokeAllSessions, revokeSession, setSessionCookie, startSession } from '../services/sessions';
import { createUser, currentUserOf } from '../services/users';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  // Sign-in and every other password check share one set of counters; sign-up has its own.
  const passwords = passwordAttempts(db, config, () => app.botCheck);
  const signUps = passwordAttempts(db, config, () => app.botCheck, 'register');

  route(app, register, async ({ body, request, reply }) => {
    await signUps.chargeAddress(request);
    await signUps.botCheck(request, body.turnstile_token, body.username);
    // The name is charged only after a valid bot check: junk tokens cannot block a name.
    await signUps.chargeUsername(body.username);
    const passwordHash = await hashPassword(body.password, config.SCRYPT_LOG_N);
    let userId: string;
    try {
      userId = await inTransaction(db, (trx) => createUser(trx, { username: body.username, passwordHash }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(AUTH_TEXT.usernameTaken, 'USERNAME_TAKEN');
      throw error;
    }
    const user = await startSession(db, request, reply, userId, config.SESSION_DAYS);
    return { status: 'ok' as const, ...currentUserOf(user) };
  });

  route(app, login, async ({ body, request, reply }) => {
    await passwords.chargeAddress(request);
    await passwords.botCheck(request, body.turnstile_token, body.username);
    const row = await db.selectFrom('users').select(['id', 'password_hash'])
      .where('username_lower', '=', body.username.toLowerCase()).executeTakeFirst();
    const ok = await passwords.verify(request, body.username, body.password, row?.password_hash);
    if (!row || !ok) throw new HttpError(401, AUTH_TEXT.invalidCredentials, 'INVALID_CREDENTIALS');
    const user = await startSession(db, request, reply, row.id, config.SESSION_DAYS);
    return { status: 'ok' as const, ...currentUserOf(user) };
  });

  route(app, logout, async ({ request, reply }) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    clearSessionCookie(request, reply);
    return { status: 'logged_out' as const, message: AUTH_TEXT.loggedOut, ...ANONYMOUS_USER };
  });

  route(app, whoami, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) return { ...ANONYMOUS_USER, error: AUTH_TEXT.notLoggedIn };
    return currentUserOf(request.user);
  });

  route(app, changePassword, async ({ body, user, request, reply }) => {
    await passwords.chargeAddress(request);
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    if (!row?.password_hash) throw badRequest('This account has no password yet', 'NO_PASSWORD');
    if (!(await passwords.verify(request, user.username, body.currentPassword, row.password_hash))) throw new HttpError(403, AUTH_TEXT.currentPasswordWrong, 'WRONG_PASSWORD');
    const hash = await hashPassword(body.newPassword, config.SCRYPT_LOG_N);
    await inTransaction(db, async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
      // Every session ends, this one included; this client continues on a fresh one.
      await revokeAllSessions(trx, user.id);
    });
    const token = await createSession(db, user.id, config.SESSION_DAYS, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(request, reply, token, config.SESSION_DAYS);
    return { message: 'Password updated successfully' };
  });

}
