// The age screen through the API: a web sign-up's birth date keeps only its band (under 13 keeps
// nothing at all), a client that sends none still signs up and is asked before a first wager, the
// band only moves towards restriction, and a coin flip (create and accept) needs 18 or older.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_TEXT, ageVerdict } from '../../contract/age';
import { conservationViolations } from '../../server/services/economy/ledger';
import { Client, solveBotCheck, startApp, testConfig, testDatabases, uniqueName, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };

/** A date of birth `years` years (and `days` days) before today, as the screen sends it. */
function bornYearsAgo(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

describe('the age verdict', () => {
  const today = new Date('2026-12-06T12:00:00Z');
  it('turns 13 and 18 on the birthday, not a day before', () => {
    expect(ageVerdict('2013-12-06', today)).toBe('13_17');
    expect(ageVerdict('2013-12-07', today)).toBe('under_13');
    expect(ageVerdict('2008-12-06', today)).toBe('18_plus');
    expect(ageVerdict('2008-12-07', today)).toBe('13_17');
  });
  it('makes a 29 February birthday a year older on 1 March', () => {
    expect(ageVerdict('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('13_17');
    expect(ageVerdict('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe('18_plus');
  });
});

describe.each(testDatabases())('the age screen on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  async function signUp(birth_date?: string, username = uniqueName('age')) {
    const client = new Client(t.app);
    const body = { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app), ...(birth_date === undefined ? {} : { birth_date }) };
    const response = await client.post('/api/register', body);
    return { client, username, response };
  }
  const bandOf = async (username: string) => (await t.handle.db.selectFrom('users').select('age_band').where('username_lower', '=', username.toLowerCase()).executeTakeFirst())?.age_band;
  const rows = async (table: string) => Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.handle.db)).rows[0]!.n);
  async function fund(uuid: string, tripcoins: number) {
    const r = await t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid, tripcoins, awardId: randomUUID() } });
    expect(r.statusCode, r.body).toBe(200);
  }

  it('refuses an under-13 sign-up and stores nothing: no account, no session, no attempt counted', async () => {
    const tables = ['users', 'sessions', 'value_accounts', 'rate_limit_hits', 'auth_pressure', 'bot_check_tokens'];
    const before = await Promise.all(tables.map(rows));
    for (const birth of [bornYearsAgo(12, -1) /* 13 tomorrow */, bornYearsAgo(5), bornYearsAgo(0)]) {
      const { username, response } = await signUp(birth);
      expect(response.statusCode, birth).toBe(403);
      expect(response.json()).toMatchObject({ error: AGE_TEXT.tooYoung, code: 'AGE_TOO_YOUNG' });
      expect(response.cookies).toEqual([]);
      expect(await bandOf(username)).toBeUndefined();
    }
    expect(await Promise.all(tables.map(rows))).toEqual(before);
    // Nothing anywhere holds the date either (the users table has no column for one).
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'users'`.execute(t.handle.db);
    expect(columns.rows.map((c) => c.column_name).filter((c) => /birth|dob/i.test(c))).toEqual([]);
  });

  it('keeps only the band: 13 to 17 play but cannot wager; 18 and older wager', async () => {
    const teen = await signUp(bornYearsAgo(13));
    expect(teen.response.statusCode, teen.response.body).toBe(200);
    expect(await bandOf(teen.username)).toBe('13_17');
    const adult = await signUp(bornYearsAgo(20));
    expect(adult.response.statusCode, adult.response.body).toBe(200);
    expect(await bandOf(adult.username)).toBe('18_plus');
    expect((await adult.client.get('/api/account/age')).json()).toEqual({ age_band: '18_plus' });
    await fund(teen.response.json().uuid, 100);
    await fund(adult.response.json().uuid, 100);

    const refused = await teen.client.post('/api/coinflip/create', { wager_amount: 10, choice: 0 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: AGE_TEXT.restricted, code: 'AGE_RESTRICTED' });
    const made = await adult.client.post('/api/coinflip/create', { wager_amount: 10, choice: 0 });
    expect(made.statusCode, made.body).toBe(200);
    const accept = await teen.client.post(`/api/coinflip/${made.json().game_id}/accept`, {});
    expect(accept.statusCode).toBe(403);
    expect(accept.json().code).toBe('AGE_RESTRICTED');
    // Nothing moved for the refused player, and the wager is still open.
    expect(((await teen.client.get('/api/getBaseInventory')).json() as { tripcoins: number }).tripcoins).toBe(100);
    expect((await t.app.inject({ url: `/api/coinflip/${made.json().game_id}` })).json().status).toBe('open');
  });

  it('signs up a client that sends no birth date, and asks it before a first wager', async () => {
    const spec = await signUp(undefined);
    expect(spec.response.statusCode, spec.response.body).toBe(200);
    expect(await bandOf(spec.username)).toBeNull();
    expect((await spec.client.get('/api/account/age')).json()).toEqual({ age_band: null });
    await fund(spec.response.json().uuid, 100);
    const asked = await spec.client.post('/api/coinflip/create', { wager_amount: 10, choice: 1 });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ error: AGE_TEXT.required, code: 'AGE_REQUIRED' });
    const answered = await spec.client.post('/api/account/age', { birth_date: bornYearsAgo(30) });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ age_band: '18_plus' });
    expect((await spec.client.post('/api/coinflip/create', { wager_amount: 10, choice: 1 })).statusCode).toBe(200);
  });

  it('moves a band only towards restriction', async () => {
    const player = await signUp(undefined);
    const answer = (birth_date: string) => player.client.post('/api/account/age', { birth_date });
    // An account a host vouched for whose player answers under 13 keeps the most restricted band, not the date.
    expect((await answer(bornYearsAgo(10))).json()).toEqual({ age_band: '13_17' });
    const older = await answer(bornYearsAgo(25));
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ error: AGE_TEXT.alreadyAnswered, code: 'AGE_ALREADY_ANSWERED' });
    expect(await bandOf(player.username)).toBe('13_17');
    // The same answer again is no change; an adult may lower theirs.
    expect((await answer(bornYearsAgo(15))).statusCode).toBe(200);
    const adult = await signUp(bornYearsAgo(40));
    expect((await adult.client.post('/api/account/age', { birth_date: bornYearsAgo(16) })).json()).toEqual({ age_band: '13_17' });
    expect(await bandOf(adult.username)).toBe('13_17');
    // Not signed in: 401.
    expect((await new Client(t.app).post('/api/account/age', { birth_date: bornYearsAgo(20) })).statusCode).toBe(401);
  });

  it('answers 400 to a date that is not one, or is in the future, and creates nothing', async () => {
    const usersBefore = await rows('users');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[unknown, string]> = [
      ['2001-02-29', AGE_TEXT.invalidDate], ['2000-13-01', AGE_TEXT.invalidDate], ['2000-00-10', AGE_TEXT.invalidDate],
      ['2000-4-1', AGE_TEXT.invalidDate], ['01/04/2000', AGE_TEXT.invalidDate], ['', AGE_TEXT.invalidDate], ['1899-12-31', AGE_TEXT.invalidDate],
      ['2000-04-01T00:00:00Z', AGE_TEXT.invalidDate], [20000401, AGE_TEXT.invalidDate], [null, AGE_TEXT.invalidDate],
      [tomorrow, AGE_TEXT.futureDate], ['9999-12-31', AGE_TEXT.futureDate],
    ];
    for (const [birth_date, error] of cases) {
      const client = new Client(t.app);
      const r = await client.post('/api/register', { username: uniqueName('bad'), password: 'hunter22', turnstile_token: 'x', birth_date });
      expect(r.statusCode, String(birth_date)).toBe(400);
      expect(r.json().error, String(birth_date)).toBe(error);
    }
    expect(await rows('users')).toBe(usersBefore);
    const player = await signUp(undefined);
    for (const [birth_date] of cases) {
      const r = await player.client.post('/api/account/age', { birth_date });
      expect(r.statusCode, String(birth_date)).toBe(400);
    }
    expect(await bandOf(player.username)).toBeNull();
    // 29 February of a leap year is a date.
    expect((await signUp('2000-02-29')).response.statusCode).toBe(200);
  });
});
