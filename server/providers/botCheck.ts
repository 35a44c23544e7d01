// The bot check verified on the server for login and register. Two providers:
//  - ALTCHA (default): self-hosted proof of work, works offline; challenges are HMAC-signed
//    with a secret kept in the database (shared by every API process) and expire in 10 minutes.
//  - Cloudflare Turnstile when TURNSTILE_SECRET is set: siteverify at TURNSTILE_VERIFY_URL.
// Either way a check is accepted once, whatever the token's encoding: for ALTCHA the claim is
// the challenge itself (its signed parameters: salt, nonce, expiry), so a solution re-encoded
// (whitespace, reordered JSON keys, base64url) is still the used challenge; for Turnstile the
// response string itself (surrounding whitespace ignored, and not sent to siteverify).
import { z } from 'zod';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { BotCheckConfig } from '../../contract/system';

export type BotCheckVerdict = 'ok' | 'failed' | 'expired' | 'unavailable';

export interface BotCheckResult {
  verdict: BotCheckVerdict;
  /** With 'ok': the key that makes this check one-use, the same for every encoding of it. */
  onceKey?: string;
  /** ALTCHA: the difficulty level the server signed into the challenge (0: the default work,
   * each level doubles it). Absent for providers without levels (Turnstile). */
  level?: number;
}

export interface BotCheckProvider {
  readonly publicConfig: BotCheckConfig;
  verify(token: string, remoteIp: string): Promise<BotCheckResult>;
  /** Token lifetime upper bound, for the replay table. */
  readonly tokenTtlMs: number;
}

const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_S = 600;
/** The hardest level: 2^4 = 16 times the default work (docs/domain/accounts.md). */
export const ALTCHA_MAX_LEVEL = 4;

const AltchaPayload = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).loose(),
  solution: z.object({ counter: z.number().int().nonnegative() }).loose(),
});

export class AltchaProvider implements BotCheckProvider {
  readonly publicConfig: BotCheckConfig = { provider: 'altcha', challengeUrl: '/api/altcha/challenge' };
  readonly tokenTtlMs = CHALLENGE_TTL_S * 1000;
  constructor(private readonly secret: string, private readonly keySecret: string, private readonly cost: number, private readonly maxCounter: number) {}

  /** A signed challenge; `level` doubles the expected work per step (0 to ALTCHA_MAX_LEVEL). */
  async challenge(level = 0): Promise<Record<string, unknown>> {
    const step = Math.max(0, Math.min(ALTCHA_MAX_LEVEL, Math.floor(level)));
    const maxCounter = this.maxCounter * 2 ** step;
    const challenge = await createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: this.cost,
      counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
      data: { level: step },
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
    });
    return challenge as unknown as Record<string, unknown>;
  }

  async verify(token: string): Promise<BotCheckResult> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return { verdict: 'failed' };
    }
    const payload = AltchaPayload.safeParse(decoded);
    if (!payload.success) return { verdict: 'failed' };
    try {
      const result = await verifySolution({
        // The library validates the structure itself; the zod parse above keeps junk out.
        challenge: payload.data.challenge as unknown as Parameters<typeof verifySolution>[0]['challenge'],
        solution: payload.data.solution as unknown as Parameters<typeof verifySolution>[0]['solution'],
        deriveKey,
        hmacSignatureSecret: this.secret,
        hmacKeySignatureSecret: this.keySecret,
      });
      // Verified means the parameters are the ones we signed: their canonical form names the
      // challenge, whatever JSON or base64 spelling carried it here.
      if (result.verified) {
        const level = z.object({ level: z.number().int().min(0) }).safeParse(payload.data.challenge.parameters.data);
        return { verdict: 'ok', onceKey: `altcha:${canonicalJson(payload.data.challenge.parameters)}`, level: level.success ? level.data.level : 0 };
      }
      return { verdict: result.expired ? 'expired' : 'failed' };
    } catch {
      return { verdict: 'failed' };
    }
  }
}

const SiteverifyAnswer = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

export class TurnstileProvider implements BotCheckProvider {
  readonly publicConfig: BotCheckConfig;
  readonly tokenTtlMs = 300_000;
  constructor(private readonly secret: string, siteKey: string, private readonly verifyUrl: string, private readonly fetchImpl: typeof fetch = fetch) {
    this.publicConfig = { provider: 'turnstile', siteKey };
  }

  async verify(raw: string, remoteIp: string): Promise<BotCheckResult> {
    const token = raw.trim();
    if (!token) return { verdict: 'failed' };
    let answer: z.infer<typeof SiteverifyAnswer>;
    try {
      const response = await this.fetchImpl(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(8000),
      });
      const parsed = SiteverifyAnswer.safeParse(await response.json());
      if (!parsed.success) return { verdict: 'unavailable' };
      answer = parsed.data;
    } catch {
      return { verdict: 'unavailable' };
    }
    if (answer.success) return { verdict: 'ok', onceKey: `turnstile:${token}` };
    return { verdict: answer['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'failed' };
  }
}

/** JSON with sorted keys at every level: one spelling per value. */
function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(sort(value));
}
