// Players for the e2e specs, made through the real API as a game client would: the real ALTCHA
// proof of work solved here in Node, registration (the request context keeps the session
// cookie, so a page sharing it is logged in), and game-server awards with the e2e server's key.
import { expect, type APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { GAME_SERVER_KEY } from './serverEnv.mjs';

/** The e2e server's game-server key (tests/e2e/serverEnv.mjs gives it to the server). */
export { GAME_SERVER_KEY };

/** A solved ALTCHA challenge, as the bot-check field of /api/register and /api/login takes it. */
export async function botCheckToken(request: APIRequestContext, username?: string): Promise<string> {
  // A challenge for the name asks as hard as that name's recent wrong passwords make it.
  const query = username === undefined ? '' : `?username=${encodeURIComponent(username)}`;
  const challenge = await (await request.get(`/api/altcha/challenge${query}`)).json() as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Registers `username` in `request`'s cookie jar (logged in there); answers the new player's uuid. */
export async function registerPlayer(request: APIRequestContext, username: string, password = 'e2e-pass-1'): Promise<string> {
  // An adult's answer to the age screen: these players may wager (contract/age.ts).
  const response = await request.post('/api/register', { data: { username, password, turnstile_token: await botCheckToken(request), birth_date: '1990-04-01' } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json() as { uuid: string }).uuid;
}

/** What a game server awards a player (by username or uuid): coins, XP, items. Answers the award's result. */
export async function awardPlayer(request: APIRequestContext, grant: Record<string, unknown> & { awardId: string }): Promise<Record<string, unknown>> {
  const response = await request.post('/api/server/award', { headers: { authorization: `Bearer ${GAME_SERVER_KEY}` }, data: grant });
  expect(response.status(), await response.text()).toBe(200);
  return await response.json() as Record<string, unknown>;
}
