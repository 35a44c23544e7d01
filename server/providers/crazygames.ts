// CrazyGames portal user tokens: RS256 JWTs verified against the portal's published public key
// (fetched from CRAZYGAMES_PUBLIC_KEY_URL and cached for an hour; refetched once when a token
// fails with the cached key, for key rotation). The portal signs every game's tokens with the one
// key, so a valid signature only says "a CrazyGames player": the token must also name our game
// (CRAZYGAMES_GAME_ID), or the developer of any other game could replay their players' tokens here
// and sign in as the accounts those players linked.
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { z } from 'zod';

const KeyAnswer = z.object({ publicKey: z.string().min(100) });
const Claims = z.object({ userId: z.string().min(1).max(100), username: z.string().min(1).max(100), gameId: z.string().max(100).optional(), profilePictureUrl: z.string().optional() });
export type PortalUser = z.infer<typeof Claims>;

export class PortalTokenError extends Error {
  constructor(message: string, readonly code = 'PORTAL_TOKEN_INVALID') { super(message); }
}

export class CrazyGamesTokens {
  private key: { value: CryptoKey; fetchedAt: number } | null = null;
  constructor(private readonly keyUrl: string, private readonly gameId: string, private readonly fetchImpl: typeof fetch = fetch) {
    if (!gameId) throw new Error('portal sign-in needs our game id (CRAZYGAMES_GAME_ID)');
  }

  private async publicKey(force: boolean): Promise<CryptoKey> {
    if (!force && this.key && Date.now() - this.key.fetchedAt < 3_600_000) return this.key.value;
    const response = await this.fetchImpl(this.keyUrl, { signal: AbortSignal.timeout(10_000) });
    const parsed = KeyAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new PortalTokenError('portal public key unavailable');
    const value = await importSPKI(parsed.data.publicKey, 'RS256');
    this.key = { value, fetchedAt: Date.now() };
    return value;
  }

  async verify(token: string): Promise<PortalUser> {
    for (const force of [false, true]) {
      const key = await this.publicKey(force);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['RS256'] });
        const claims = Claims.safeParse(payload);
        if (!claims.success) throw new PortalTokenError('token claims are incomplete');
        if (claims.data.gameId === undefined) throw new PortalTokenError('token names no game', 'PORTAL_TOKEN_NO_GAME');
        if (claims.data.gameId !== this.gameId) throw new PortalTokenError('token is for another game', 'PORTAL_TOKEN_OTHER_GAME');
        return claims.data;
      } catch (error) {
        if (error instanceof PortalTokenError) throw error;
        const code = (error as { code?: string }).code;
        // Only a signature failure may be a rotated key; expiry and malformed tokens are final.
        if (!force && code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') continue;
        throw new PortalTokenError(code ?? 'invalid token');
      }
    }
    throw new PortalTokenError('invalid token');
  }
}
