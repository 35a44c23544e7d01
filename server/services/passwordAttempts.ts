// The one way a route checks a password: every path that does (login, Discord fuse, change
// password, and any added later) goes through here, so no path allows unlimited guessing and no
// path lets a stranger keep a player out (issue 16 items 4-5, issue 22 item 3). The model
// (README, Accounts):
//   - per address: AUTH_RATE_PER_ADDRESS attempts a minute, charged first on every attempt,
//     before any bot check or token (429 past it; only that address is refused);
//   - per username: never refused. Each wrong password (from any address, through any path) and
//     each refused bot check raise the pressure on the name and on the address (authPressure.ts),
//     and the bot check asked of the next attempt at that name or from that address is harder
//     (up to 16x): guessing is slowed, the owner pays a harder check and signs in;
//   - per Discord identity at the fuse: AUTH_RATE_PER_USERNAME attempts a minute (the route's),
//     on top of the bot check the fuse needs like sign-in.
// Sign-up keeps a per-name count (AUTH_RATE_PER_USERNAME a minute) charged after the bot check.
import { AUTH_TEXT } from '../../contract/auth';
import type { Config } from '../config';
import type { Executor } from '../db/tx';
import { invalid, rateLimited, unavailable } from './errors';
import { ALTCHA_MAX_LEVEL, verifyOnce, type BotCheckProvider } from '../providers/botCheck';
import { addressKey, levelFor, nameKey, pressureOf, raisePressure } from './authPressure';
import { dummyHash, verifyPassword } from './passwords';
import { hit } from './rateLimit';

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
  /** The bot check level this address and (when given) this name currently ask for. */
  requiredLevel(request: Attempt, username?: string): Promise<number>;
  /** Verifies and claims the bot check `token`; refuses (400, the address's and name's pressure
   * raised) a failed one or one easier than the level asked for (BOT_CHECK_HARDER). */
  botCheck(request: Attempt, token: string, username?: string): Promise<void>;
  /** Compares the password (a dummy hash without a stored one, so a missing account takes as
   * long); a wrong one raises the pressure on the name and the address. */
  verify(request: Attempt, username: string, password: string, storedHash: string | null | undefined): Promise<boolean>;
}

type AttemptConfig = Pick<Config, 'AUTH_RATE_PER_ADDRESS' | 'AUTH_RATE_PER_USERNAME' | 'AUTH_FAILURES_PER_LEVEL' | 'SCRYPT_LOG_N'>;

/** `provider` is asked for at each check: the app's bot check exists only once the app is ready. */
export function passwordAttempts(db: Executor, config: AttemptConfig, provider?: () => BotCheckProvider, kind = PASSWORD_KIND): PasswordAttempts {
  const charged = new WeakSet<Attempt>();
  const keysOf = (request: Attempt, username?: string) => [addressKey(request.ip), ...(username ? [nameKey(username)] : [])];
  const chargeAddress = async (request: Attempt) => {
    if (charged.has(request)) return;
    charged.add(request);
    if (!(await hit(db, `${kind}:ip:${request.ip}`, config.AUTH_RATE_PER_ADDRESS))) {
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
    async verify(request, username, password, storedHash) {
      await chargeAddress(request); // a path that forgot to charge the address is still counted
      const ok = storedHash ? await verifyPassword(password, storedHash) : (await verifyPassword(password, await dummyHash(config.SCRYPT_LOG_N)), false);
      if (!ok) await raisePressure(db, keysOf(request, username));
      return ok;
    },
  };
}
