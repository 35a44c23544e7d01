// Accounts and sessions under concurrency: contested registrations, logins and logouts.
import { sessionCookieOf } from '../transport';
import { bump, pick, type Operation, type WorkloadWorld } from '../workload';

/** A few names every client keeps trying to register: each may be taken exactly once. */
export const CONTESTED_NAMES = ['contested_a', 'Contested_B', 'CONTESTED_c'];
export const registeredKey = (name: string) => `registered:${name.toLowerCase()}`;
export const attemptedKey = (name: string) => `attempted:${name.toLowerCase()}`;

const json = { 'content-type': 'application/json' };

async function post(world: WorkloadWorld, url: string, body: unknown, sid?: string) {
  return world.send({ label: url, method: 'POST', url, headers: { ...json, ...(sid ? { cookie: `sid=${sid}` } : {}) }, payload: JSON.stringify(body) });
}

export const registerContested: Operation = {
  name: 'register a contested name',
  weight: 2,
  async run(world) {
    // The least-tried name goes next, so every name is contested however the draws fall (a random
    // pick once left one name untried in 11 attempts, and its uniqueness check had nothing to
    // check). Case varies per attempt: uniqueness is case-insensitive.
    const tries = (name: string) => world.tally.get(attemptedKey(name)) ?? 0;
    const base = CONTESTED_NAMES.reduce((least, name) => (tries(name) < tries(least) ? name : least));
    bump(world, attemptedKey(base));
    const name = world.random() < 0.5 ? base.toLowerCase() : base.toUpperCase();
    const reply = await post(world, '/api/register', { username: name, password: 'contested-pass', turnstile_token: await world.botToken() });
    if (reply.status === 200) { bump(world, registeredKey(base)); return 'ok'; }
    if (reply.status === 409) return 'refused';
    throw new Error(`register answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  },
};

export const loginWhoamiLogout: Operation = {
  name: 'log in, who am I, log out',
  weight: 3,
  async run(world) {
    const player = pick(world, world.players);
    const login = await post(world, '/api/login', { username: player.username, password: player.password, remember_me: true, turnstile_token: await world.botToken() });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body.slice(0, 200)}`);
    const sid = sessionCookieOf(login);
    if (!sid) throw new Error('login set no session cookie');
    const me = await world.send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${sid}` } });
    if ((JSON.parse(me.body) as { uuid: string }).uuid !== player.uuid) throw new Error(`whoami after login answered ${me.body.slice(0, 200)}`);
    const out = await post(world, '/api/logout', {}, sid);
    if (out.status !== 200) throw new Error(`logout answered ${out.status}`);
    const after = await world.send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${sid}` } });
    if ((JSON.parse(after.body) as { uuid: string }).uuid !== 'anonymous') throw new Error('the session survived its logout');
    return 'ok';
  },
};

/** The players' long-lived sessions must survive everyone else's logins and logouts. */
export const whoamiStaysLoggedIn: Operation = {
  name: 'long-lived session still works',
  weight: 2,
  async run(world) {
    const player = pick(world, world.players);
    const me = await world.send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${player.sid}` } });
    if ((JSON.parse(me.body) as { uuid: string }).uuid !== player.uuid) throw new Error(`${player.username}'s session was lost: ${me.body.slice(0, 200)}`);
    return 'ok';
  },
};

export const ACCOUNT_OPERATIONS: Operation[] = [registerContested, loginWhoamiLogout, whoamiStaysLoggedIn];
