// Discord's OAuth2 code exchange and user lookup. The server never trusts a Discord id sent by a
// browser: identities come only from here. Tests point DISCORD_API_BASE at a local fake.
// DISCORD_API_BASE is versioned (https://discord.com/api/v10): the token exchange is then
// …/api/v10/oauth2/token and the user …/api/v10/users/@me, both as "OAuth2" documents them. A 429
// is waited out when short ("Rate Limits"); a long one is a DiscordRateLimited with its wait.
import { z } from 'zod';
import { DiscordUser } from '../../contract/accounts';
import { ProviderRateLimited, fetchHonouringRetryAfter, type RetryOptions } from './retryAfter';

export class DiscordError extends Error {}
/** Discord asked us to wait longer than a sign-in can: try again in `retryAfterS` seconds. */
export class DiscordRateLimited extends DiscordError {
  constructor(readonly retryAfterS: number) { super(`Discord asked to wait ${retryAfterS}s`); }
}

const TokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string() });

export interface DiscordProvider {
  readonly clientId: string;
  /** Trades an authorization code for the user it proves. */
  identify(code: string, redirectUri: string | null): Promise<{ user: DiscordUser; accessToken: string }>;
}

export class DiscordApi implements DiscordProvider {
  constructor(readonly clientId: string, private readonly clientSecret: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch, private readonly retry: RetryOptions = {}) {}

  async identify(code: string, redirectUri: string | null): Promise<{ user: DiscordUser; accessToken: string }> {
    const form = new URLSearchParams({ client_id: this.clientId, client_secret: this.clientSecret, grant_type: 'authorization_code', code });
    if (redirectUri) form.set('redirect_uri', redirectUri);
    const token = await this.json(`${this.apiBase}/oauth2/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form,
    }, TokenAnswer);
    const user = await this.json(`${this.apiBase}/users/@me`, { headers: { authorization: `Bearer ${token.access_token}` } }, DiscordUser);
    return { user, accessToken: token.access_token };
  }

  private async json<T>(url: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetchHonouringRetryAfter('Discord', url, init, this.fetchImpl, this.retry);
    } catch (error) {
      if (error instanceof ProviderRateLimited) throw new DiscordRateLimited(error.retryAfterS);
      throw new DiscordError(`Discord unreachable: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new DiscordError(`Discord answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new DiscordError('Discord answered something unexpected');
    return parsed.data;
  }
}
