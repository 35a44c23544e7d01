// Accounts and sessions.
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS_USER, AUTH_TEXT, changePassword, login, logout, logoutEverywhere, register, whoami, type CurrentUser } from '../../contract/auth';
import { badRequest, HttpError } from '../errors';
import { clearSessionCookie, setSessionCookie, startSession } from '../http/sessions';
import { constantAnswer, route } from '../route';
import { setSignUpBand, signUpBand } from '../services/accounts/age';
import { passwordAttempts } from '../services/accounts/passwordAttempts';
import { passwordAccountOf, passwordHashOf, registerAccount, replacePassword } from '../services/accounts/passwordAccounts';
import { createSession, revokeAllSessions, revokeSession, type SessionUser } from '../services/accounts/sessions';
import { currentUserOf } from '../services/accounts/users';
import { startCredentialHold } from '../services/economy/tradeHolds';

const STEPS = { transaction: 'steps' } as const;
/** Whoami's anonymous answer, made and written once. */
const ANONYMOUS_ANSWER = constantAnswer({ ...ANONYMOUS_USER, error: AUTH_TEXT.notLoggedIn });
/** A signed-in player's whoami answer, made and written once per user object: the session cache
 * shares one frozen user between a session's requests while it holds it
 * (services/accounts/sessionCache.ts), so the shell's most frequent signed-in read writes a stored
 * string; an answer is dropped with its user. */
const signedInAnswers = new WeakMap<SessionUser, CurrentUser>();
function signedInAnswer(user: SessionUser): CurrentUser {
  let answer = signedInAnswers.get(user);
  if (!answer) {
    answer = currentUserOf(user);
    // Only an object that cannot change may be written from a stored string.
    if (Object.isFrozen(user)) signedInAnswers.set(user, constantAnswer(answer));
  }
  return answer;
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  // Sign-in and every other password check share one set of counters; sign-up has its own.
  const botCheck = () => app.botCheck;
  const passwords = passwordAttempts(db, config, { botCheck, work: app.passwordWork });
  const signUps = passwordAttempts(db, config, { botCheck, work: app.passwordWork, kind: 'register' });

  // Sign-up, sign-in and a password change run as 'steps' (server/route.ts): the attempt
  // counters must stay counted when the check then fails, and scrypt must not hold a connection.
  route(app, register, async ({ body, request, reply, transaction }) => {
    // The age screen's answer first: under 13 is refused before anything is counted or written
    // (not the attempt, not the date); an older date keeps only its band.
    const band = signUpBand(body.birth_date);
    await signUps.chargeAddress(request);
    await signUps.botCheck(request, body.turnstile_token, body.username);
    // The name is charged only after a valid bot check: junk tokens cannot block a name.
    await signUps.chargeUsername(body.username);
    const passwordHash = await signUps.hash(body.password, 'signIn');
    const user = await transaction(async (trx) => {
      const id = await registerAccount(trx, body.username, passwordHash);
      await setSignUpBand(trx, id, band);
      return startSession(trx, request, reply, id, config.SESSION_DAYS);
    });
    return { status: 'ok' as const, ...currentUserOf(user) };
  }, STEPS);

  route(app, login, async ({ body, request, reply, transaction }) => {
    await passwords.chargeAddress(request);
    await passwords.botCheck(request, body.turnstile_token, body.username);
    const row = await passwordAccountOf(db, body.username);
    const ok = await passwords.verify(request, body.username, body.password, row?.password_hash);
    if (!row || !ok) throw new HttpError(401, AUTH_TEXT.invalidCredentials, 'INVALID_CREDENTIALS');
    const user = await transaction((trx) => startSession(trx, request, reply, row.id, config.SESSION_DAYS));
    return { status: 'ok' as const, ...currentUserOf(user) };
  }, STEPS);

  route(app, logout, async ({ request, reply, trx }) => {
    if (request.user) await revokeSession(trx, request.user.sessionId);
    clearSessionCookie(request, reply);
    return { status: 'logged_out' as const, message: AUTH_TEXT.loggedOut, ...ANONYMOUS_USER };
  });

  route(app, whoami, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) return ANONYMOUS_ANSWER;
    return signedInAnswer(request.user);
  }, { trustedAnswer: true });

  // A password change holds a session, perhaps a stolen one: besides the address's count it has
  // a per-account one, and after a recent failure it asks for the bot check as sign-in does. Its
  // scrypt work waits behind sign-ins' when the queue is full.
  route(app, changePassword, async ({ body, user, request, reply, transaction }) => {
    await passwords.chargeAddress(request);
    const current = await passwordHashOf(db, user.id);
    if (!current) throw badRequest('This account has no password yet', 'NO_PASSWORD');
    // Asking for the check costs the account nothing (no scrypt ran); the attempt that follows does.
    if (body.turnstile_token) await passwords.botCheck(request, body.turnstile_token, user.username);
    else if (await passwords.changeNeedsBotCheck(request, user.username)) throw badRequest(AUTH_TEXT.botCheckMissing, 'BOT_CHECK_REQUIRED');
    await passwords.chargeAccount(user.id);
    if (!(await passwords.verify(request, user.username, body.currentPassword, current, 'change'))) throw new HttpError(403, AUTH_TEXT.currentPasswordWrong, 'WRONG_PASSWORD');
    const hash = await passwords.hash(body.newPassword, 'change');
    // Every session ends, this one included; this client continues on a fresh one.
    const token = await transaction(async (trx) => {
      await replacePassword(trx, user.id, hash);
      // Whoever changed it may have stolen the session: what the account gives away waits.
      await startCredentialHold(trx, user.id, 'passwordChanged', { tradeHoldHours: config.TRADE_HOLD_HOURS });
      return createSession(trx, user.id, config.SESSION_DAYS, { userAgent: request.headers['user-agent'], ip: request.ip, host: user.host });
    });
    setSessionCookie(request, reply, token, config.SESSION_DAYS);
    return { message: 'Password updated successfully' };
  }, STEPS);

  // Sign out everywhere: every session of the player ends, this one included, and no password is
  // asked. The rule: it can only take access away, never give or keep any. Whoever calls it (the
  // owner, or a thief holding one of their sessions) is signed out too, so a stolen session gains
  // nothing by it; that is why a player without a password (Discord, the portal) may use it like
  // everyone else. Ending the other sessions while keeping this one would let a thief lock the
  // owner out: only the password change does that, behind the current password. The confirmation
  // is a JSON body, so another site cannot send it as a simple request.
  route(app, logoutEverywhere, async ({ user, request, reply, trx }) => {
    await revokeAllSessions(trx, user.id);
    clearSessionCookie(request, reply);
    return { status: 'logged_out' as const, message: AUTH_TEXT.loggedOutEverywhere, ...ANONYMOUS_USER };
  });
}
