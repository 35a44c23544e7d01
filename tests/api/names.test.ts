// Names no one can impersonate: usernames, clan names and clan tags are unique
// by confusable skeleton and case; invisible, format and control characters and mixed scripts
// are refused with a text saying what is wrong; names from before the skeleton column get theirs
// at start, and `npm run admin -- lookalikes` finds the pairs (lookalikeGroups).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import { CLAN_TEXT } from '../../contract/clans';
import { xpRequiredForLevel } from '../../contract/levels';
import { NAME_TEXT } from '../../contract/names';
import { inTransaction } from '../../server/db/tx';
import { fillNameSkeletons, lookalikeGroups } from '../../server/services/accounts/names';
import { addXp } from '../../server/services/progress/progress';
import { Client, registerPlayer, solveBotCheck, startApp, testDatabases, type TestApp } from './helpers';

let run = 0;
const suffix = () => `${process.pid % 100}${(++run).toString(36)}${Math.random().toString(36).slice(2, 4)}`.replace(/[01ilo]/g, 'x');

describe.each(testDatabases())('look-alike names on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  const register = async (username: string) =>
    new Client(t.app).post('/api/register', { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });

  it('refuses usernames that differ only by I/l/1 or 0/O (and case)', async () => {
    const s = suffix();
    expect((await register(`bill_8j0uz${s}`.slice(0, 20))).statusCode).toBe(200);
    for (const lookalike of [`biII_8j0uz${s}`, `bil1_8j0uz${s}`, `biIl_8j0uz${s}`, `bill_8jOuz${s}`, `BILL_8J0UZ${s}`]) {
      const r = await register(lookalike.slice(0, 20));
      expect([lookalike, r.statusCode]).toEqual([lookalike, 409]);
      expect([AUTH_TEXT.usernameLookalike, AUTH_TEXT.usernameTaken]).toContain(r.json().error);
    }
    expect((await register(`bi11y_${s}`)).statusCode).toBe(200);
  });

  async function veteran() {
    const p = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => addXp(trx, p.uuid, xpRequiredForLevel(15)));
    return p;
  }
  const createClan = async (clanName: string, clanTag: string) => (await veteran()).client.post('/api/clans/create', { clanName, clanTag });

  it('refuses clan names with invisible characters, saying so', async () => {
    const s = suffix();
    for (const name of ['\u3164\u3164\u3164', `Alpha ${s}\u3164`, `Alpha ${s}\u2800`, `Al\u200bpha ${s}`, `Alpha\u00a0${s}`]) {
      const r = await createClan(name, `V${s}`.slice(0, 5));
      expect([JSON.stringify(name), r.statusCode, r.json().error]).toEqual([JSON.stringify(name), 400, NAME_TEXT.invisible('Clan name')]);
    }
  });

  it('refuses clan names mixing Latin and Cyrillic, saying so', async () => {
    const s = suffix();
    for (const name of [`\u0410lpha ${s}`, `Al\u0440ha ${s}`]) {
      const r = await createClan(name, `M${s}`.slice(0, 5));
      expect([name, r.statusCode, r.json().error]).toEqual([name, 400, NAME_TEXT.mixedScripts('Clan name')]);
    }
  });

  it('refuses a clan name or tag that looks like a living one', async () => {
    const s = suffix().toUpperCase();
    const n = String((Date.now() + run) % 1_000_000); // digits: no script of their own
    expect((await createClan(`Scope ${n}`, `P${s}`.slice(0, 4))).statusCode).toBe(200);
    // All Cyrillic (one script), but the same picture as the Latin name:
    const cyrillic = await createClan(`\u0405\u0441\u043e\u0440\u0435 ${n}`, `R${s}`.slice(0, 4));
    expect([cyrillic.statusCode, cyrillic.json().error]).toEqual([409, CLAN_TEXT.nameLookalike]);
    const digits = await createClan(`Sc0pe ${n}`, `S${s}`.slice(0, 4));
    expect([digits.statusCode, digits.json().error]).toEqual([409, CLAN_TEXT.nameLookalike]);
    const tags = await Promise.all([`QO${s.slice(0, 2)}`, `Q0${s.slice(0, 2)}`].map((clanTag, n) => createClan(`Tag ${n} ${s}`, clanTag).then((r) => [r.statusCode, r.json().error ?? null])));
    expect(tags.sort()).toEqual([[200, null], [409, CLAN_TEXT.tagLookalike]]);
  });

  it('gives old names their skeletons oldest first and lists the look-alike pairs', async () => {
    const s = suffix();
    const older = `old_bill_${s}`;
    const newer = `old_biII_${s}`;
    for (const [i, username] of [older, newer].entries()) {
      await sql`INSERT INTO users (id, username, username_lower, created_at) VALUES (gen_random_uuid(), ${username}, ${username.toLowerCase()}, now() - make_interval(mins => ${10 - i}))`.execute(t.app.db);
    }
    await fillNameSkeletons(t.app.db);
    const rows = await t.app.db.selectFrom('users').select(['username', 'username_skeleton']).where('username', 'in', [older, newer]).orderBy('created_at').execute();
    expect(rows.map((r) => r.username_skeleton !== null)).toEqual([true, false]);
    expect(await lookalikeGroups(t.app.db)).toContainEqual({ kind: 'username', names: [older, newer] });
    // The newer look-alike cannot be taken again either: the name itself is in use.
    expect((await register(`old_bi1l_${s}`)).statusCode).toBe(409);
  });
});
