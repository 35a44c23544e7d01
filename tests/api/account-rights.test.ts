// A player's rights over their data: the download of everything we hold about them
// (GET /api/account/export) and the deletion of their account (POST /api/account/delete), on
// PGlite and PostgreSQL. The export names the player and their balance, holds nothing of another
// player and no secret, and is limited per hour; the deletion signs every session out, stops the
// password, settles listings, wagers and the clan by the written rules, keeps the ledger balanced,
// answers 404 for the profile, holds the name back, works for a player in debt and for a Discord-
// only player confirming by name, and is all or nothing when a step fails. Discord's
// APPLICATION_DEAUTHORIZED event unlinks or deletes; the console lists deletions without their data.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { DataExport, RIGHTS_TEXT } from '../../contract/rights';
import { inTransaction } from '../../server/db/tx';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { coinBalance, conservationViolations, playerAccount } from '../../server/services/economy/ledger';
import { DELETED_ACCOUNTS_SINK } from '../../server/services/accounts/deletion';
import { nameSkeleton } from '../../server/services/accounts/names';
import { EXPORT_COVERAGE } from '../../server/services/accounts/dataExport';
import { pruneExpired } from '../../server/jobs/pruning';
import { usePurchaseApp } from './harness/purchaseApp';
import { Client, reauthenticate, registerPlayer, registerPlayerWith, solveBotCheck, startApp, testConfig, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('data export and account deletion on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { DATA_EXPORTS_PER_HOUR: 3, DELETED_NAME_HOLD_DAYS: 30 }); }, 60_000);
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const exportOf = (c: Client) => c.get('/api/account/export');
  const del = (c: Client, body: unknown) => c.post('/api/account/delete', body);
  const whoami = async (c: Client) => (await c.get('/api/whoami')).json().uuid as string;
  const login = async (username: string, password: string) => {
    const c = new Client(t.app);
    return c.post('/api/login', { username, password, remember_me: true, turnstile_token: await solveBotCheck(t.app) });
  };

  describe('the export', () => {
    it("names the player and their balance, carries their own rows, and nothing of another player's or any secret", async () => {
      const me = await registerPlayerWith(t.app, { tripcoins: 120, items: { [ITEM_IDS.mythicalTicket]: 2 } });
      const other = await registerPlayerWith(t.app, { tripcoins: 77, items: { [ITEM_IDS.mythicalTicket]: 1 } });
      // The other player leaves traces of their own everywhere the export looks.
      await other.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.mythicalTicket, priceInTripCoins: 9, quantity: 1, durationDays: 30 });
      await other.client.post('/api/coinflip/create', { wager_amount: 11, choice: 0 });
      await me.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.mythicalTicket, priceInTripCoins: 5, quantity: 1, durationDays: 30 });

      const r = await exportOf(me.client);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="tripshell-data-.+\.json"$/);
      expect(r.headers['cache-control']).toBe('no-store');
      const data = DataExport.parse(r.json());
      expect(data.account).toMatchObject({ uuid: me.uuid, username: me.username });
      expect(data.tripcoins.balance).toBe('120.00');
      expect(data.signInMethods).toEqual([{ kind: 'password', externalId: null, externalName: null }]);
      expect(data.sections.listings).toHaveLength(1);
      expect(data.sections.ledger!.length).toBeGreaterThanOrEqual(2);
      expect(data.sections.sessions!.length).toBeGreaterThanOrEqual(1);
      expect(data.sections.inventory).toEqual([expect.objectContaining({ item_uuid: ITEM_IDS.mythicalTicket, quantity: '1' })]);
      expect(data.notIncluded['users.password_hash']).toBeTruthy();
      // Every section the coverage list names is in the download.
      const sections = new Set(Object.values(EXPORT_COVERAGE).flatMap((c) => ('section' in c ? [c.section] : [])));
      for (const name of sections) expect(['account', 'signInMethods', 'tripcoins', ...Object.keys(data.sections)], name).toContain(name);

      const text = r.body;
      expect(text).not.toContain(other.uuid);
      expect(text).not.toContain(other.username);
      const hash = await t.handle.db.selectFrom('users').select('password_hash').where('id', '=', me.uuid).executeTakeFirstOrThrow();
      expect(text).not.toContain(hash.password_hash!);
      expect(text).not.toContain(me.client.cookies.get('sid')!);
      const tokenHash = await t.handle.db.selectFrom('sessions').select('token_hash').where('user_id', '=', me.uuid).executeTakeFirstOrThrow();
      expect(text).not.toContain(tokenHash.token_hash);
    });

    it('answers 429 with Retry-After past its hourly limit, and 401 without a session', async () => {
      const me = await registerPlayer(t.app);
      for (let i = 0; i < 3; i++) expect((await exportOf(me.client)).statusCode).toBe(200);
      const refused = await exportOf(me.client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: RIGHTS_TEXT.exportTooOften, code: 'EXPORT_TOO_OFTEN' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      // Another player's limit is their own.
      const other = await registerPlayer(t.app);
      expect((await exportOf(other.client)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    });
  });

  describe('the deletion', () => {
    /** A clan led by `admin` with `members` (joined in this order), written directly. */
    async function clanOf(admin: string, members: string[]): Promise<string> {
      const id = randomUUID();
      const name = `c${randomUUID().slice(0, 8)}`;
      await t.handle.db.insertInto('clans').values({ id, name, tag: name.slice(1, 5).toUpperCase().replace(/[^A-Z0-9]/g, 'X'), color: '#e03131' }).execute();
      await t.handle.db.insertInto('clan_members').values({ user_id: admin, clan_id: id, role: 'admin', joined_at: new Date(Date.now() - 100_000) }).execute();
      for (const [i, m] of members.entries()) {
        await t.handle.db.insertInto('clan_members').values({ user_id: m, clan_id: id, role: 'member', joined_at: new Date(Date.now() - 50_000 + i * 1000) }).execute();
      }
      return id;
    }

    it('signs every session out, stops the password, settles listings and wagers, hands the clan on, balances the ledger', async () => {
      const me = await registerPlayerWith(t.app, { tripcoins: 200, items: { [ITEM_IDS.mythicalTicket]: 3 } });
      const elder = await registerPlayer(t.app);
      const younger = await registerPlayer(t.app);
      const clanId = await clanOf(me.uuid, [elder.uuid, younger.uuid]);
      const laptop = new Client(t.app);
      laptop.cookies = new Map(me.client.cookies);
      const otherDevice = await login(me.username, me.password);
      expect(otherDevice.statusCode).toBe(200);
      const listing = await me.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.mythicalTicket, priceInTripCoins: 5, quantity: 2, durationDays: 30 });
      expect(listing.statusCode, listing.body).toBe(200);
      const wager = await me.client.post('/api/coinflip/create', { wager_amount: 50, choice: 1 });
      expect(wager.statusCode, wager.body).toBe(200);
      const sinkBefore = await coinBalance(t.handle.db, DELETED_ACCOUNTS_SINK);

      expect((await del(me.client, { password: 'not-the-password' })).statusCode).toBe(403);
      expect((await del(me.client, { confirmUsername: me.username })).statusCode).toBe(403);
      expect(await whoami(me.client)).toBe(me.uuid);

      const r = await del(me.client, { password: me.password });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 'deleted', uuid: 'anonymous', message: RIGHTS_TEXT.deleted });
      expect(me.client.cookies.has('sid')).toBe(false);
      expect(await whoami(laptop)).toBe('anonymous');
      expect((await login(me.username, me.password)).statusCode).toBe(401);

      // Listings cancelled and wagers refunded, then everything forfeited to the sink.
      const listingRow = await t.handle.db.selectFrom('market_listings').select('status').where('id', '=', listing.json().listing.order_id).executeTakeFirstOrThrow();
      expect(listingRow.status).toBe('cancelled');
      const wagerRow = await t.handle.db.selectFrom('coinflip_games').select('status').where('id', '=', wager.json().game_id).executeTakeFirstOrThrow();
      expect(wagerRow.status).toBe('cancelled');
      expect(await coinBalance(t.handle.db, playerAccount(me.uuid))).toBe(0n);
      expect(await coinBalance(t.handle.db, DELETED_ACCOUNTS_SINK) - sinkBefore).toBe(20_000n);
      const held = await t.handle.db.selectFrom('item_holdings').select('quantity').where('account_id', '=', playerAccount(me.uuid)).where('quantity', '<>', 0).execute();
      expect(held).toEqual([]);
      expect(await conservationViolations(t.handle.db)).toEqual([]);
      // The ledger's postings stay, under the pseudonymous row.
      const postings = await t.handle.db.selectFrom('ledger').select('id').where('from_account', '=', playerAccount(me.uuid)).execute();
      expect(postings.length).toBeGreaterThan(0);

      // The clan passed to the longest-standing member.
      const members = await t.handle.db.selectFrom('clan_members').select(['user_id', 'role']).where('clan_id', '=', clanId).orderBy('joined_at').execute();
      expect(members).toEqual([{ user_id: elder.uuid, role: 'admin' }, { user_id: younger.uuid, role: 'member' }]);

      // Personal data gone; the row pseudonymous.
      const row = await t.handle.db.selectFrom('users').selectAll().where('id', '=', me.uuid).executeTakeFirstOrThrow();
      expect(row.username).toMatch(/^deleted-[0-9a-f]{12}$/);
      expect(row.password_hash).toBeNull();
      expect(row.deleted_at).not.toBeNull();
      expect(await t.handle.db.selectFrom('sessions').select('id').where('user_id', '=', me.uuid).execute()).toEqual([]);

      // The profile is gone for everyone, and the game servers can no longer pay the account.
      const profile = await elder.client.get(`/api/getProfile/${me.uuid}`);
      expect(profile.statusCode).toBe(404);
      const award = await t.app.inject({ method: 'POST', url: '/api/server/award', headers: { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` }, payload: { uuid: me.uuid, tripcoins: 5, awardId: randomUUID() } });
      expect(award.statusCode).toBe(404);

      // The name, and a look-alike of it, are not offered to anyone for now.
      for (const name of [me.username, me.username.toUpperCase()]) {
        const again = await new Client(t.app).post('/api/register', { username: name, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
        expect(again.statusCode, name).toBe(409);
      }
      // Once the hold is over it is free again.
      await sql`UPDATE reserved_names SET until = now() - interval '1 second'`.execute(t.handle.db);
      const later = await new Client(t.app).post('/api/register', { username: me.username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
      expect(later.statusCode, later.body).toBe(200);
    });

    it('disbands a clan whose admin was alone in it', async () => {
      const me = await registerPlayer(t.app);
      const clanId = await clanOf(me.uuid, []);
      expect((await del(me.client, { password: me.password })).statusCode).toBe(200);
      const clan = await t.handle.db.selectFrom('clans').select('disbanded_at').where('id', '=', clanId).executeTakeFirstOrThrow();
      expect(clan.disbanded_at).not.toBeNull();
    });

    it('lets a player in debt delete: the debt stays on the pseudonymous account and the ledger balances', async () => {
      const me = await registerPlayer(t.app);
      // A purchase of 5 TripCoins, spent, then refunded: the reversal overdraws the player (a
      // debt, migration 020's rule), written here as the purchase service writes it.
      const account = playerAccount(me.uuid);
      await inTransaction(t.handle.db, async (trx) => {
        const [grant, spend, reversal] = [randomUUID(), randomUUID(), randomUUID()];
        const row = (tx: string, from: string, to: string, reason: string) => sql`INSERT INTO ledger (tx_id, asset, from_account, to_account, amount, reason) VALUES (${tx}, 'TC', ${from}, ${to}, 500, ${reason})`.execute(trx);
        await row(grant, 'revenue:web', account, 'purchase');
        await row(spend, account, 'mint', 'spent (test)');
        await row(reversal, account, 'revenue:web', 'purchase reversed');
        await sql`UPDATE coin_balances SET debt_limit = 500, balance = -500 WHERE account_id = ${account}`.execute(trx);
        await sql`UPDATE coin_balances SET balance = balance + 500 WHERE account_id = 'mint'`.execute(trx);
        await sql`INSERT INTO purchases (id, host, provider_purchase_id, user_id, product_id, tripcoins, status, needs_consume, tx_id, reversed_at, reversal_tx_id, reversal_reason, reversal_debt)
          VALUES (${randomUUID()}, 'web', ${`cs_${randomUUID()}`}, ${me.uuid}, 'pack', 500, 'reversed', false, ${grant}, now(), ${reversal}, 'refund', 500)`.execute(trx);
      });
      expect(await conservationViolations(t.handle.db)).toEqual([]);
      const r = await del(me.client, { password: me.password });
      expect(r.statusCode, r.body).toBe(200);
      expect(await coinBalance(t.handle.db, playerAccount(me.uuid))).toBe(-500n);
      expect(await conservationViolations(t.handle.db)).toEqual([]);
    });

    it('a Discord-only player confirms by typing their name, and their Discord can sign up afresh', async () => {
      const name = uniqueName('dc');
      const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: name, passwordHash: null, discordId: '99887766554433', discordUsername: 'nelly' }));
      const c = new Client(t.app);
      c.cookies.set('sid', await createSession(t.handle.db, uuid, 1, {}));
      const wrong = await del(c, { confirmUsername: `${name}x` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: RIGHTS_TEXT.nameWrong });
      expect((await del(c, { password: 'anything' })).statusCode).toBe(400);
      expect(await whoami(c)).toBe(uuid);
      expect((await del(c, { confirmUsername: name })).statusCode).toBe(200);
      expect(await whoami(c)).toBe('anonymous');
      const row = await t.handle.db.selectFrom('users').select(['discord_id', 'discord_username']).where('id', '=', uuid).executeTakeFirstOrThrow();
      expect(row).toEqual({ discord_id: null, discord_username: null });
      // The same Discord identity makes a new account.
      const fresh = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: uniqueName('dc'), passwordHash: null, discordId: '99887766554433' }));
      expect(fresh).not.toBe(uuid);
    });

    it('refuses bad input with a 4xx and changes nothing', async () => {
      const me = await registerPlayer(t.app);
      for (const body of [{}, { password: '' }, { password: 5 }, { password: 'x'.repeat(200) }, { password: me.password, extra: 1 }, 'text']) {
        const r = await del(me.client, body);
        expect(r.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500);
      }
      expect(await whoami(me.client)).toBe(me.uuid);
      expect((await t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { origin: 'http://localhost', host: 'localhost' }, payload: { password: 'x' } })).statusCode).toBe(401);
    });

    it('is all or nothing: a failure at its last step leaves the account, its listing, its coins and its name as they were', async () => {
      const me = await registerPlayerWith(t.app, { tripcoins: 40, items: { [ITEM_IDS.mythicalTicket]: 1 } });
      const listing = await me.client.post('/api/seaport/create-listing', { itemUuid: ITEM_IDS.mythicalTicket, priceInTripCoins: 5, quantity: 1, durationDays: 30 });
      expect(listing.statusCode).toBe(200);
      // The fault: the deletion's record (its last write) cannot be written, for this player only.
      await sql.raw(`CREATE FUNCTION deletion_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.user_id = '${me.uuid}' THEN RAISE EXCEPTION 'injected fault: the deletion cannot be recorded'; END IF; RETURN NEW; END $$`).execute(t.handle.db);
      await sql.raw('CREATE TRIGGER deletion_fault BEFORE INSERT ON account_deletions FOR EACH ROW EXECUTE FUNCTION deletion_fault()').execute(t.handle.db);
      try {
        const r = await del(me.client, { password: me.password });
        expect(r.statusCode).toBe(500);
      } finally {
        await sql.raw('DROP TRIGGER deletion_fault ON account_deletions').execute(t.handle.db);
        await sql.raw('DROP FUNCTION deletion_fault()').execute(t.handle.db);
      }
      expect(await whoami(me.client)).toBe(me.uuid);
      const row = await t.handle.db.selectFrom('users').select(['username', 'deleted_at', 'password_hash']).where('id', '=', me.uuid).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: me.username, deleted_at: null });
      expect(row.password_hash).not.toBeNull();
      const l = await t.handle.db.selectFrom('market_listings').select('status').where('id', '=', listing.json().listing.order_id).executeTakeFirstOrThrow();
      expect(l.status).toBe('active');
      expect(await coinBalance(t.handle.db, playerAccount(me.uuid))).toBe(4_000n);
      const reserved = await t.handle.db.selectFrom('reserved_names').select('skeleton').where('skeleton', '=', nameSkeleton(me.username)).execute();
      expect(reserved).toEqual([]);
      expect(await conservationViolations(t.handle.db)).toEqual([]);
      // And then it goes through.
      expect((await del(me.client, { password: me.password })).statusCode).toBe(200);
    });

    it("the console lists deletions (when, how, by whom) without the deleted data, and deletes a player on request", async () => {
      const admin = await registerPlayer(t.app);
      await t.handle.db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.uuid).execute();
      const target = await registerPlayer(t.app);
      const refused = await admin.client.post(`/api/admin/players/${target.uuid}/delete`, { reason: 'asked by mail' }, { 'idempotency-key': `del-${randomUUID()}` });
      expect(refused.statusCode).toBe(403);
      await reauthenticate(admin);
      const r = await admin.client.post(`/api/admin/players/${target.uuid}/delete`, { reason: 'asked by mail' }, { 'idempotency-key': `del-${randomUUID()}` });
      expect(r.statusCode, r.body).toBe(200);
      // Never an admin account: the role is taken away first, as for a ban; nothing changes.
      const otherAdmin = await registerPlayer(t.app);
      await t.handle.db.updateTable('users').set({ is_admin: true }).where('id', '=', otherAdmin.uuid).execute();
      const protectedAdmin = await admin.client.post(`/api/admin/players/${otherAdmin.uuid}/delete`, { reason: 'asked by mail' }, { 'idempotency-key': `del-${randomUUID()}` });
      expect([protectedAdmin.statusCode, protectedAdmin.json().code]).toEqual([403, 'ADMIN_PROTECTED']);
      expect((await t.handle.db.selectFrom('users').select('deleted_at').where('id', '=', otherAdmin.uuid).executeTakeFirstOrThrow()).deleted_at).toBeNull();
      const list = await admin.client.get('/api/admin/deletions');
      expect(list.statusCode).toBe(200);
      const rows = list.json().rows as Array<{ uuid: string; how: string; by: string | null; pseudonym: string }>;
      expect(rows.find((d) => d.uuid === target.uuid)).toMatchObject({ how: 'console', by: admin.username, pseudonym: expect.stringMatching(/^deleted-/) });
      expect(rows.some((d) => d.how === 'self' && d.by === null)).toBe(true);
      expect(list.body).not.toContain(target.username);
      expect((await target.client.get('/api/admin/deletions')).statusCode).toBe(401);
      const player = await registerPlayer(t.app);
      expect((await player.client.get('/api/admin/deletions')).statusCode).toBe(403);
    });
  });
});

describe.each(testDatabases())("Discord's APPLICATION_DEAUTHORIZED on $name", (database) => {
  const t = usePurchaseApp(database);
  const deauthorized = (discordId: string) => {
    const body = {
      version: 1, application_id: t.fakes.discord.applicationId, type: 1,
      event: { type: 'APPLICATION_DEAUTHORIZED', timestamp: new Date().toISOString(), data: { user: { id: discordId, username: 'nelly', discriminator: '0', global_name: null, avatar: null } } },
    };
    const d = t.fakes.discord.signed(body);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/discord', headers: d.headers, payload: d.body });
  };

  it('unlinks Discord from an account that has a password, and deletes one that had no other way in', async () => {
    const withPassword = await registerPlayer(t.app);
    await t.app.db.updateTable('users').set({ discord_id: '555000111', discord_username: 'nelly' }).where('id', '=', withPassword.uuid).execute();
    expect((await deauthorized('555000111')).statusCode).toBe(204);
    const kept = await t.app.db.selectFrom('users').select(['discord_id', 'deleted_at']).where('id', '=', withPassword.uuid).executeTakeFirstOrThrow();
    expect(kept).toEqual({ discord_id: null, deleted_at: null });
    expect((await withPassword.client.get('/api/whoami')).json().uuid).toBe(withPassword.uuid);

    const only = await inTransaction(t.app.db, (trx) => createUser(trx, { username: uniqueName('dc'), passwordHash: null, discordId: '555000222' }));
    const sid = await createSession(t.app.db, only, 1, {});
    expect((await deauthorized('555000222')).statusCode).toBe(204);
    const gone = await t.app.db.selectFrom('users').select(['discord_id', 'deleted_at']).where('id', '=', only).executeTakeFirstOrThrow();
    expect(gone.discord_id).toBeNull();
    expect(gone.deleted_at).not.toBeNull();
    const how = await t.app.db.selectFrom('account_deletions').select('how').where('user_id', '=', only).executeTakeFirstOrThrow();
    expect(how.how).toBe('discordDeauthorized');
    expect((await t.app.inject({ method: 'GET', url: '/api/whoami', headers: { authorization: `Bearer ${sid}` } })).json().uuid).toBe('anonymous');
    // An unknown user, a repeat, and a body without its user.
    expect((await deauthorized('555000222')).statusCode).toBe(204);
    const bad = t.fakes.discord.signed({ version: 1, application_id: t.fakes.discord.applicationId, type: 1, event: { type: 'APPLICATION_DEAUTHORIZED', timestamp: new Date().toISOString(), data: {} } });
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/discord', headers: bad.headers, payload: bad.body })).statusCode).toBe(400);
    expect(await conservationViolations(t.app.db)).toEqual([]);
  });
});

describe.each(testDatabases())('what the deletion and the export leave behind is pruned on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); }, 60_000);
  afterAll(async () => { await t.close(); });

  it('forgets a name hold once it is over and a download record after a day, and keeps the ones still in force', async () => {
    const me = await registerPlayer(t.app);
    await t.handle.db.insertInto('reserved_names').values([{ skeleton: 'over', until: new Date(Date.now() - 1000) }, { skeleton: 'held', until: new Date(Date.now() + 86_400_000) }]).execute();
    await t.handle.db.insertInto('data_exports').values([{ user_id: me.uuid, requested_at: new Date(Date.now() - 2 * 86_400_000) }, { user_id: me.uuid }]).execute();
    const run = await pruneExpired(t.handle.db);
    expect(run.deleted).toMatchObject({ reserved_names: 1, data_exports: 1 });
    expect((await t.handle.db.selectFrom('reserved_names').select('skeleton').execute()).map((r) => r.skeleton)).toEqual(['held']);
    expect(await t.handle.db.selectFrom('data_exports').select('user_id').execute()).toHaveLength(1);
  });
});
