// One-per-player and uniqueness rules under concurrency, on PostgreSQL only (PGlite runs one
// transaction at a time). The same request sent five times at once by one player gets one 200
// and clear 409s (never a 500), and the database holds the one outcome.
import { randomUUID } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAN_COLORS } from '../../contract/clans';
import { xpRequiredForLevel } from '../../contract/levels';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { inTransaction } from '../../server/db/tx';
import { addXp } from '../../server/services/progress/progress';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { conservationViolations } from '../../server/services/economy/ledger';
import { Client, solveBotCheck, startApp, uniqueName, type TestApp, databaseNamed } from './helpers';

const postgres = databaseNamed('postgres');

describe.skipIf(!postgres)(`races on PostgreSQL end in one 200 and clear 409s${postgres ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(postgres!); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  async function player(level = 1) {
    const username = uniqueName('race');
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
    if (level > 1) await inTransaction(t.handle.db, (trx) => addXp(trx, uuid, xpRequiredForLevel(level)));
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    return { client, uuid, username };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  const statuses = (rs: Array<{ statusCode: number }>) => rs.map((r) => r.statusCode).sort().join(',');
  const fiveTimes = <T>(send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 5 }, (_, i) => send(i)));
  let tags = 0;
  const tag = () => `R${(++tags).toString(36).toUpperCase()}${randomUUID().slice(0, 2).toUpperCase()}`.replace(/[^A-Z0-9]/g, 'X').slice(0, 5);
  async function clan(admin: Player): Promise<string> {
    const r = await admin.client.post('/api/clans/create', { clanName: `Race ${uniqueName('c').slice(-12)}`, clanTag: tag(), clanColor: CLAN_COLORS[2] });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clan.clanId as string;
  }
  const membershipsOf = async (uuid: string) => t.handle.db.selectFrom('clan_members').select('clan_id').where('user_id', '=', uuid).execute();

  it('a player accepting five clan invites at once joins one clan; the others answer 409', async () => {
    for (let round = 0; round < 3; round++) {
      const target = await player();
      const invites: string[] = [];
      for (let i = 0; i < 5; i++) {
        const admin = await player(15);
        const clanId = await clan(admin);
        const r = await admin.client.post(`/api/clans/${clanId}/invite`, { username: target.username });
        expect(r.statusCode, r.body).toBe(200);
        invites.push(r.json().invite.inviteId as string);
      }
      const answers = await Promise.all(invites.map((id) => target.client.post(`/api/clans/invites/${id}/accept`)));
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toBe('200,409,409,409,409');
      for (const a of answers.filter((r) => r.statusCode === 409)) expect(a.json()).toMatchObject({ code: 'ALREADY_IN_CLAN' });
      expect(await membershipsOf(target.uuid)).toHaveLength(1);
    }
  });

  it('five admins accepting one player\'s join requests at once: one 200, the others 409', async () => {
    const target = await player();
    const admins: Player[] = [];
    const requests: string[] = [];
    for (let i = 0; i < 5; i++) {
      const admin = await player(15);
      const clanId = await clan(admin);
      expect((await target.client.post(`/api/clans/${clanId}/request`)).statusCode).toBe(200);
      const row = await t.handle.db.selectFrom('clan_requests').select('id').where('clan_id', '=', clanId).where('user_id', '=', target.uuid).executeTakeFirstOrThrow();
      admins.push(admin);
      requests.push(row.id);
    }
    const answers = await Promise.all(admins.map((admin, i) => admin.client.post(`/api/clans/requests/${requests[i]}/accept`)));
    expect(statuses(answers), answers.map((a) => a.body).join('\n')).toMatch(/^200,(404|409),(404|409),(404|409),(404|409)$/);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(await membershipsOf(target.uuid)).toHaveLength(1);
  });

  it('one player creating five clans at once founds one; the same request to join five times makes one request', async () => {
    const founder = await player(15);
    const created = await fiveTimes((i) => founder.client.post('/api/clans/create', { clanName: `Five ${i} ${uniqueName('f').slice(-8)}`, clanTag: tag(), clanColor: CLAN_COLORS[1] }));
    expect(statuses(created), created.map((a) => a.body).join('\n')).toBe('200,409,409,409,409');
    expect(await membershipsOf(founder.uuid)).toHaveLength(1);

    const someone = await player();
    const clanId = created.find((r) => r.statusCode === 200)!.json().clan.clanId as string;
    const asked = await fiveTimes(() => someone.client.post(`/api/clans/${clanId}/request`));
    expect(statuses(asked)).toBe('200,409,409,409,409');
    const same = await fiveTimes(() => (async () => {
      const p = await player(15);
      return p.client.post('/api/clans/create', { clanName: `Same Name ${founder.username.slice(-6)}`, clanTag: tag(), clanColor: CLAN_COLORS[1] });
    })());
    expect(statuses(same)).toBe('200,409,409,409,409');
  });

  it('one username registered five times at once gives one account and 409s', async () => {
    const name = uniqueName('same');
    const tokens = await Promise.all(Array.from({ length: 5 }, () => solveBotCheck(t.app)));
    const answers = await Promise.all(tokens.map((token, i) => new Client(t.app).post('/api/register', { username: i % 2 ? name : name.toUpperCase(), password: 'hunter22', turnstile_token: token })));
    expect(statuses(answers), answers.map((a) => a.body).join('\n')).toBe('200,409,409,409,409');
    expect(await t.handle.db.selectFrom('users').select('id').where('username_lower', '=', name.toLowerCase()).execute()).toHaveLength(1);
  });

  it('an airdrop claimed five times at once is granted once', async () => {
    const p = await player();
    const answers = await fiveTimes(() => p.client.post('/api/claimTechnicalDifficulties', {}));
    expect(statuses(answers), answers.map((a) => a.body).join('\n')).toBe('200,409,409,409,409');
    const rows = await t.handle.db.selectFrom('ledger').select('id').where('reason', '=', 'airdrop:technical-difficulties').where('ref', '=', p.uuid).execute();
    expect(rows).toHaveLength(2);
  });

  it('one wallet linked by two players at once belongs to one of them; settings saved five times at once all succeed', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const [a, b] = [await player(), await player()];
    const signed = await Promise.all([a, b].map(async (p) => {
      const nonce = (await p.client.post('/api/wallet/nonce', { address: account.address })).json();
      return { p, message: nonce.message as string, signature: await account.signMessage({ message: nonce.message }) };
    }));
    const linked = await Promise.all(signed.map((s) => s.p.client.post('/api/wallet/link', { message: s.message, signature: s.signature })));
    expect(statuses(linked), linked.map((a) => a.body).join('\n')).toBe('200,409');
    expect(await t.handle.db.selectFrom('wallets').select('user_id').where('address', '=', account.address.toLowerCase()).execute()).toHaveLength(1);

    const saves = await fiveTimes(() => a.client.put('/api/settings', DEFAULT_SETTINGS));
    expect(statuses(saves), saves.map((r) => r.body).join('\n')).toBe('200,200,200,200,200');
  });
});
