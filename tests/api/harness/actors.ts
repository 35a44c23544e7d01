// Players the harness acts as. Registered through the real API (bot check solved for real);
// when a valid fuzzed call ends a player's session (logout), a fresh one is minted straight in
// the database so the next hundred cases do not each pay for a login.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../server/db/createDb';
import { createSession } from '../../../server/services/accounts/sessions';
import { testConfig } from '../helpers';
import { sessionCookieOf, solveBotCheckVia, type Transport } from './transport';

export interface Actor {
  uuid: string;
  username: string;
  password: string;
  /** Current session token ('' when logged out). */
  sid: string;
}

let counter = 0;
/** Unique, valid usernames (3-20 letters, digits, underscores) across processes and runs. */
export function freshName(prefix = 'h'): string {
  counter += 1;
  return `${prefix}_${counter.toString(36)}_${randomBytes(4).toString('hex')}`.slice(0, 20);
}

export const cookieHeader = (actor: Actor | null): Record<string, string> =>
  actor?.sid ? { cookie: `sid=${actor.sid}` } : {};

/** The game server's header: the key every test server is started with (testConfig's). */
export const GAME_SERVER_AUTH: Record<string, string> = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY ?? ''}` };

export async function registerActor(send: Transport, username = freshName(), password = 'hunter22-hunter'): Promise<Actor> {
  const token = await solveBotCheckVia(send);
  const reply = await send({
    label: 'register', method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' },
    // An adult's answer to the age screen: actors wager (contract/age.ts).
    payload: JSON.stringify({ username, password, turnstile_token: token, birth_date: '1990-04-01' }),
  });
  if (reply.status !== 200) throw new Error(`register ${username} answered ${reply.status}: ${reply.body}`);
  const sid = sessionCookieOf(reply);
  if (!sid) throw new Error('register did not set a session cookie');
  return { uuid: (JSON.parse(reply.body) as { uuid: string }).uuid, username, password, sid };
}

/** A new live session for the actor without going through login (no bot check, no scrypt). */
export async function reviveSession(db: Db, actor: Actor): Promise<void> {
  actor.sid = await createSession(db, actor.uuid, 1, { userAgent: 'harness' });
}

/** An admin actor types their password in the console: its session may write for a few minutes. */
export async function reauthenticateActor(send: Transport, actor: Actor): Promise<void> {
  const reply = await send({
    label: 'reauth', method: 'POST', url: '/api/admin/reauth', headers: { ...cookieHeader(actor), 'content-type': 'application/json' },
    payload: JSON.stringify({ password: actor.password }),
  });
  if (reply.status !== 200) throw new Error(`re-authentication of ${actor.username} answered ${reply.status}: ${reply.body}`);
}
