// The one way a route checks a password: every path that does (login, Discord fuse, change
// password, and any added later) shares the same per-address and per-username counters, so no
// path allows unlimited guessing (issue 16 item 4). The order matters (item 5):
//   1. the address is charged first, on every attempt, before any bot check or token;
//   2. the caller then proves what it must (a valid bot check, a pending Discord identity...);
//   3. only then is the username charged and the password compared.
// So junk requests for a name spend the sender's address budget, never the player's.
import type { FastifyRequest } from 'fastify';
import { AUTH_TEXT } from '../../contract/auth';
import type { Config } from '../config';
import type { Executor } from '../db/tx';
import { tooMany } from '../errors';
import { dummyHash, verifyPassword } from './passwords';
import { hit } from './rateLimit';

export const PASSWORD_KIND = 'password';

export interface PasswordAttempts {
  /** Step 1: one attempt from this request's address (429 past AUTH_RATE_PER_ADDRESS). */
  chargeAddress(request: FastifyRequest): Promise<void>;
  /** Step 3 alone (sign-up, which compares no password): one attempt at `username`. */
  chargeUsername(username: string): Promise<void>;
  /** Step 3: one attempt at `username` (429 past AUTH_RATE_PER_USERNAME), then the comparison.
   * Without a stored hash a dummy one is compared, so a missing account takes as long. */
  verify(request: FastifyRequest, username: string, password: string, storedHash: string | null | undefined): Promise<boolean>;
}

export function passwordAttempts(db: Executor, config: Pick<Config, 'AUTH_RATE_PER_ADDRESS' | 'AUTH_RATE_PER_USERNAME' | 'SCRYPT_LOG_N'>, kind = PASSWORD_KIND): PasswordAttempts {
  const charged = new WeakSet<FastifyRequest>();
  const chargeAddress = async (request: FastifyRequest) => {
    if (charged.has(request)) return;
    charged.add(request);
    if (!(await hit(db, `${kind}:ip:${request.ip}`, config.AUTH_RATE_PER_ADDRESS))) throw tooMany(AUTH_TEXT.tooManyAttempts);
  };
  const chargeUsername = async (username: string) => {
    if (!(await hit(db, `${kind}:user:${username.toLowerCase()}`, config.AUTH_RATE_PER_USERNAME))) throw tooMany(AUTH_TEXT.tooManyAttempts);
  };
  return {
    chargeAddress,
    chargeUsername,
    async verify(request, username, password, storedHash) {
      await chargeAddress(request); // a path that forgot step 1 is still counted
      await chargeUsername(username);
      if (storedHash) return verifyPassword(password, storedHash);
      await verifyPassword(password, await dummyHash(config.SCRYPT_LOG_N));
      return false;
    },
  };
}
