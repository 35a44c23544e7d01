// The one way a route checks a password: every path that does (login, Discord fuse, change
// password, and any added later) goes through here, so no path allows unlimited guessing and no
// path lets a stranger keep a player out. The model
// (docs/domain/accounts.md):
//   - per address (an IPv6 client's /64: rateLimit.ts addressKeyOf): AUTH_RATE_PER_ADDRESS
//     attempts a minute, charged first on every attempt, before any bot check or token (429 past
//     it; only that address is refused);
//   - per username: never refused. Each wrong password (from any address, through any path) and
//     each refused bot check raise the pressure on the name and on the address (authPressure.ts),
//     and the bot check asked of the next attempt at that name or from that address is harder
//     (up to 16x): guessing is slowed, the owner pays a harder check and signs in;
//   - per Discord identity at the fuse: AUTH_RATE_PER_USERNAME attempts a minute (the route's),
//     on top of the bot check the fuse needs like sign-in;
//   - a password change (the caller holds a session, perhaps a stolen one): AUTH_RATE_PER_ACCOUNT
//     attempts a minute per account from any address (429 past it), and once the name or the
//     address has a recent failure the change asks for the bot check too, as hard as sign-in's
//     (changeNeedsBotCheck), so a stolen session cannot guess the current password without end.
// Sign-up keeps a per-name count (AUTH_RATE_PER_USERNAME a minute) charged after the bot check.
// Every scrypt (a check or a new hash) runs behind the process's bounded queue (passwords.ts
// PasswordWork): past it, 503 with Retry-After rather than an ever longer wait for everyone.
import { AUTH_TEXT } from '../../../contract/auth';
import type { Config } from '../../config';
import type { Executor } from '../../db/tx';
import { invalid, rateLimited, retryLater, unavailable } from '../errors';
import { ALTCHA_MAX_LEVEL, type BotCheckProvider } from '../../providers/botCheck';
import { verifyOnce } from '../system/botChecks';
import { addressKey, levelFor, nameKey, pressureOf, raisePressure } from './authPressure';
import { dummyHash, hashPassword, PasswordWorkBusy, verifyPassword, type PasswordPriority, type PasswordWork } from './passwords';
import { addressKeyOf, hit } from '../system/rateLimit';

export const PASSWORD_KIND = 'password';

/** Who is attempting: the request as far as the counters need it (its address). One object per
 * request, so an address is charged once per request whichever checks it runs. */
export interface Attempt { readonly ip: string }

export interface PasswordAttempts {
  /** One attempt from this request's address (429 past AUTH_RATE_PER_ADDRESS). */
  chargeAddress(request: Attempt): Promise<void>;
  /** Sign-up only: one attempt at `username` (429 past AUTH_RATE_PER_USERNAME). */
  chargeUsername(username: string): Promise<void>;
  /** One attempt under `key` (e.g. a Discord identity), 429 past AUTH_RATE_PER_USERNAME. */
  chargeKey(key: string): Promise<void>;
  /** One password change of this account, 429 past AUTH_RATE_PER_ACCOUNT (any address). */
  chargeAccount(userId: string): Promise<void>;
  /** Whether a password change by `username` from this address must pass the bot check now:
   * the name or the address had a failed or refused attempt in the last few minutes. */
  changeNeedsBotCheck(request: Attempt, username: string): Promise<boolean>;
  /** The bot check level this address and (when given) this name currently ask for. */
  requiredLevel(request: Attempt, username?: string): Promise<number>;
  /** Verifies and claims the bot check `token`; refuses (400, the address's and name's pressure
   * raised) a failed one or one easier than the level asked for (BOT_CHECK_HARDER). */
  botCheck(request: Attempt, token: string, username?: string): Promise<void>;
  /** Compares the password (a dummy hash without a stored one, so a missing account takes as
   * long); a wrong one raises the pressure on the name and the address. */
  verify(request: Attempt, username: string, password: string, storedHash: string | null | undefined, priority?: PasswordPriority): Promise<boolean>;
  /** A new password's hash, through the same bounded queue. */
  hash(password: string, priority: PasswordPriority): Promise<string>;
}

/** The pressure (a decaying count of failures, authPressure.ts) from which a password change asks
 * for the bot check: one failure within about the last ten minutes (it halves every five). */
export const CHANGE_BOT_CHECK_PRESSURE = 0.25;

export interface PasswordAttemptOptions {
  /** Asked for at each check: the app's bot check exists only once the app is ready. */
  botCheck?: () => BotCheckProvider;
  /** The process's scrypt queue (app.passwordWork); without one, scrypt runs unqueued (tools). */
  work?: PasswordWork;
  /** Which counters: sign-in and every other password check share PASSWORD_KIND. */
  kind?: string;
}

type AttemptConfig = Pick<Config, 'AUTH_RATE_PER_ADDRESS' | 'AUTH_RATE_PER_USERNAME' | 'AUTH_RATE_PER_ACCOUNT' | 'AUTH_FAILURES_PER_LEVEL' | 'SCRYPT_LOG_N'>;

export function passwordAttempts(db: Executor, config: AttemptConfig, options: PasswordAttemptOptions = {}): PasswordAttempts {
  const { botCheck: provider, work, kind = PASSWORD_KIND } = options;
  const charged = new WeakSet<Attempt>();
  const keysOf = (request: Attempt, username?: string) => [addressKey(request.ip), ...(username ? [nameKey(username)] : [])];
  const queued = async <T>(task: () => Promise<T>, priority: PasswordPriority): Promise<T> => {
    if (!work) return task();
    try {
      return await work.run(task, priority);
    } catch (error) {
      if (error instanceof PasswordWorkBusy) throw retryLater('unavailable', AUTH_TEXT.passwordWorkBusy, 'PASSWORD_WORK_BUSY', error.retryAfterS);
      throw error;
    }
  };
  const chargeAddress = async (request: Attempt) => {
    if (charged.has(request)) return;
    charged.add(request);
    if (!(await hit(db, `${kind}:ip:${addressKeyOf(request.ip)}`, config.AUTH_RATE_PER_ADDRESS))) {
      await raisePressure(db, [addressKey(request.ip)]);
      throw rateLimited(AUTH_TEXT.tooManyAttempts);
    }
  };
  const chargeKey = async (key: string) => {
    if (!(await hit(db, `${kind}:${key}`, config.AUTH_RATE_PER_USERNAME))) throw rateLimited(AUTH_TEXT.tooManyAttempts);
  };
  const requiredLevel = async (request: Attempt, username?: string) =>
    levelFor(await pressureOf(db, keysOf(request, username)), config.AUTH_FAILURES_PER_LEVEL, ALTCHA_MAX_LEVEL);
  return {
    chargeAddress,
    chargeKey,
    async chargeAccount(userId) {
      if (!(await hit(db, `${kind}:account:${userId}`, config.AUTH_RATE_PER_ACCOUNT))) throw rateLimited(AUTH_TEXT.tooManyAttempts);
    },
    changeNeedsBotCheck: async (request, username) => (await pressureOf(db, keysOf(request, username))) >= CHANGE_BOT_CHECK_PRESSURE,
    chargeUsername: (username) => chargeKey(`user:${username.toLowerCase()}`),
    requiredLevel,
    async botCheck(request, token, username) {
      if (!provider) throw new Error('passwordAttempts: no bot check provider');
      await chargeAddress(request);
      const { verdict, level } = await verifyOnce(db, provider(), token, request.ip);
      if (verdict === 'unavailable') throw unavailable('The security check service is unavailable. Please try again later.', 'BOT_CHECK_UNAVAILABLE');
      if (verdict !== 'ok') {
        // Junk tokens cost the sender's address, never the name (anyone can send junk for it).
        await raisePressure(db, [addressKey(request.ip)]);
        if (verdict === 'expired') throw invalid(AUTH_TEXT.botCheckExpired, 'BOT_CHECK_EXPIRED');
        throw invalid(AUTH_TEXT.botCheckFailed, 'BOT_CHECK_FAILED');
      }
      // Providers without levels (Turnstile) grade the visitor themselves.
      if (level !== undefined && level < await requiredLevel(request, username)) {
        await raisePressure(db, [addressKey(request.ip)]);
        throw invalid(AUTH_TEXT.botCheckHarder, 'BOT_CHECK_HARDER');
      }
    },
    async verify(request, username, password, storedHash, priority = 'signIn') {
      await chargeAddress(request); // a path that forgot to charge the address is still counted
      const against = storedHash ?? await dummyHash(config.SCRYPT_LOG_N);
      const matches = await queued(() => verifyPassword(password, against), priority);
      const ok = Boolean(storedHash) && matches;
      if (!ok) await raisePressure(db, keysOf(request, username));
      return ok;
    },
    hash: (password, priority) => queued(() => hashPassword(password, config.SCRYPT_LOG_N), priority),
  };
}
