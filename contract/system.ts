// Health, public configuration and the self-hosted bot check challenge.
import { z } from 'zod';
import { DemoRoundTerms } from './demoGame';
import { defineEndpoint } from './http';

export const BotCheckConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
]);
export type BotCheckConfig = z.infer<typeof BotCheckConfig>;

export const PublicConfig = z.object({
  botCheck: BotCheckConfig,
  discord: z.object({ enabled: z.boolean(), clientId: z.string().nullable(), authorizeUrl: z.string() }),
  version: z.string(),
  /** How a player earns coins on this server besides a game server's awards: the local demo
   * game server's rounds (contract/demoGame.ts), or null where it is off (every real deployment). */
  demoRounds: DemoRoundTerms.nullish(),
  /** Where players reach the studio (SUPPORT_EMAIL, SUPPORT_URL): shown in About. */
  support: z.object({ email: z.string().nullable(), url: z.string().nullable() }).optional(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/** ALTCHA v2 challenge as the widget expects it (opaque to the shell beyond being JSON). */
export const AltchaChallenge = z.object({ parameters: z.record(z.string(), z.unknown()) }).loose();

export const health = defineEndpoint({
  method: 'GET', path: '/api/health', access: 'public', summary: 'Liveness and database check',
  response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});
export const ready = defineEndpoint({
  method: 'GET', path: '/api/ready', access: 'public', summary: 'Readiness: every migration applied, the database answering and no stop signal received (503 otherwise)',
  response: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']), migrations: z.number().int().nonnegative() }),
});
export const config = defineEndpoint({
  method: 'GET', path: '/api/config', access: 'public', summary: 'What the shell needs to know about this server',
  response: PublicConfig,
});
export const altchaChallenge = defineEndpoint({
  method: 'GET', path: '/api/altcha/challenge', access: 'public', summary: 'A proof-of-work challenge for the self-hosted bot check',
  // With the username about to be tried, the challenge is as hard as that name's recent failures
  // ask (docs/domain/accounts.md): a sign-in answered BOT_CHECK_HARDER fetches one this way.
  query: z.object({ username: z.string().max(64).optional() }).loose(),
  response: AltchaChallenge,
});

export const systemEndpoints = { health, ready, config, altchaChallenge };
