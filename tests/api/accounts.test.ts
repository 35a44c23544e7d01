import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AIRDROP_TEXT, DISCORD_TEXT, PORTAL_TEXT, WALLET_TEXT } from '../../contract/accounts';
import { ANONYMOUS_USER } from '../../contract/auth';
import { ITEM_IDS } from '../../contract/items';
import { conservationViolations, itemHoldings, playerAccount } from '../../server/services/economy/ledger';
import { startHostFakes, type HostFakes } from './harness/hostFakes';
import { Client, registerPlayer, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

let hosts: HostFakes;
let fakeDiscord: HostFakes['discord'];
let fakePortal: HostFakes['portal'];
let discordN = 0;
const discordUser = (name = 'Dis Cord') => ({ id: String(300000000000000000n + BigInt(++discordN) + BigInt(process.pid) * 1000n), username: `${name.replace(/ /g, '').toLowerCase()}${discordN}`, global_name: name });

beforeAll(async () => {
  hosts = await startHostFakes();
  ({ discord: fakeDiscord, portal: fakePortal } = hosts);
});
afterAll(async () => { await hosts.close(); });

describe.each(testDatabases())('accounts on every host on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, hosts.config);
  });
  afterAll(async () => { await t.close(); });

  const redirect = 'http://localhost/api/discord/callback';

  describe('Discord', () => {
    it('tells the shell where to send the popup', async () => {
      const config = (await t.app.inject({ url: '/api/config' })).json();
      expect(config.discord).toEqual({ enabled: true, clientId: 'client-1', authorizeUrl: fakeDiscord.authorizeUrl });
      const callback = await t.app.inject({ url: '/api/discord/callback?code=abc&state=xyz' });
      expect(callback.statusCode).toBe(200);
      expect(callback.headers['content-type']).toMatch(/text\/html/);
    });

    it('new Discord user: pending identity, then create signs in with the Discord link', async () => {
      const du = discordUser('New Hero');
      const client = new Client(t.app);
      const exchange = await client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) });
      expect(exchange.statusCode).toBe(200);
      const body = exchange.json();
      expect(body).toMatchObject({ status: 'new_discord_user', discordUser: { id: du.id, username: du.username }, suggestedUsername: 'New_Hero' });
      expect(client.cookies.get('discord_pending')).toBe(body.access_token);
      expect((await client.get('/api/whoami')).json().verified).toBe(0);

      const name = uniqueName('hero');
      const created = await client.post('/api/discord/create', { discordId: du.id, username: name, accessToken: body.access_token });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ status: 'ok', username: name });
      // Made through Discord: no password, so the shell offers no Change Password.
      expect((await client.get('/api/whoami')).json()).toMatchObject({ username: name, hasPassword: false });

      // The same pending identity cannot be used twice, and the Discord account now signs in.
      const reuse = await new Client(t.app).post('/api/discord/create', { discordId: du.id, username: uniqueName(), accessToken: body.access_token });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toBe(DISCORD_TEXT.pendingExpired);
      const again = await new Client(t.app).post('/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) });
      expect(again.json()).toMatchObject({ status: 'existing_user', user: { username: name } });
    });

    it('refuses a forged Discord id and a code Discord did not issue', async () => {
      const du = discordUser();
      const client = new Client(t.app);
      const body = (await client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) })).json();
      const forged = await client.post('/api/discord/create', { discordId: '999', username: uniqueName(), accessToken: body.access_token });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error).toBe(DISCORD_TEXT.missingUser);
      const noToken = await new Client(t.app).post('/api/discord/create', { discordId: du.id, username: uniqueName() });
      expect(noToken.statusCode).toBe(400);
      const bogus = await new Client(t.app).post('/api/discord/exchange', { code: 'made-up' });
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json().error).toBe(DISCORD_TEXT.exchangeFailed);
      const replayed = fakeDiscord.codeFor(discordUser(), redirect);
      expect((await new Client(t.app).post('/api/discord/exchange', { code: replayed })).statusCode).toBe(200);
      expect((await new Client(t.app).post('/api/discord/exchange', { code: replayed })).statusCode).toBe(400);
    });

    it('fuses the pending identity into an existing account after checking its password', async () => {
      const player = await registerPlayer(t.app, uniqueName('fuse'), 'fuse-pass');
      const du = discordUser();
      const client = new Client(t.app);
      const pending = (await client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) })).json();
      const wrong = await client.post('/api/discord/fuse', { discordId: du.id, username: player.username, password: 'nope-nope', turnstile_token: await solveBotCheck(t.app) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe(DISCORD_TEXT.fuseFailed);
      const ok = await client.post('/api/discord/fuse', { discordId: du.id, username: player.username, password: 'fuse-pass', turnstile_token: await solveBotCheck(t.app) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().uuid).toBe(player.uuid);
      expect(pending.access_token).toBeTruthy();
      const viaDiscord = await new Client(t.app).post('/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) });
      expect(viaDiscord.json().user.uuid).toBe(player.uuid);
    });

    it('links Discord to a logged-in player once; one Discord account per player', async () => {
      const a = await registerPlayer(t.app);
      const b = await registerPlayer(t.app);
      const du = discordUser();
      const linked = await a.client.post('/api/discord/link', { code: fakeDiscord.codeFor(du, redirect) });
      expect(linked.json()).toEqual({ discord_username: du.username });
      const stolen = await b.client.post('/api/discord/link', { code: fakeDiscord.codeFor(du, redirect) });
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().error).toBe(DISCORD_TEXT.alreadyLinked);
      const second = await a.client.post('/api/discord/link', { code: fakeDiscord.codeFor(discordUser(), redirect) });
      expect(second.json().error).toBe(DISCORD_TEXT.accountHasDiscord);
      expect((await new Client(t.app).post('/api/discord/link', { code: 'x' })).statusCode).toBe(401);
    });

    it('hands the Activity its Discord access token for authenticate()', async () => {
      const r = await new Client(t.app).post('/api/discord/exchange', { code: fakeDiscord.codeFor(discordUser()), activity: true });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().discord_access_token).toMatch(/^[0-9a-f]{32}$/);
    });

    it('the Activity authenticating a signed-in player again keeps their session as it is', async () => {
      const a = await registerPlayer(t.app);
      const du = discordUser();
      await a.client.post('/api/discord/link', { code: fakeDiscord.codeFor(du, redirect) });
      const before = a.client.cookies.get('sid');
      const r = await a.client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(du), activity: true });
      expect(r.json()).toMatchObject({ status: 'existing_user', user: { uuid: a.uuid }, discord_access_token: expect.any(String) });
      expect(a.client.cookies.get('sid')).toBe(before);
      expect(r.headers['x-session-token']).toBeUndefined();
      expect((await a.client.get('/api/whoami')).json().uuid).toBe(a.uuid);
    });

    it("in the Activity another Discord user replaces this browser's session, never joins it", async () => {
      const a = await registerPlayer(t.app);
      const b = await registerPlayer(t.app);
      const other = discordUser();
      await b.client.post('/api/discord/link', { code: fakeDiscord.codeFor(other, redirect) });
      const aToken = a.client.cookies.get('sid') ?? '';
      // Another Discord user with an account: theirs is the session now, and the old one is gone.
      const r = await a.client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(other), activity: true });
      expect(r.json()).toMatchObject({ status: 'existing_user', user: { uuid: b.uuid } });
      expect((await a.client.get('/api/whoami')).json().uuid).toBe(b.uuid);
      expect((await new Client(t.app).get('/api/whoami', { authorization: `Bearer ${aToken}` })).json().uuid).toBe(ANONYMOUS_USER.uuid);
      // A Discord user without an account: the account decision, and nobody signed in meanwhile.
      const c = await registerPlayer(t.app);
      const cToken = c.client.cookies.get('sid') ?? '';
      const fresh = await c.client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(discordUser()), activity: true });
      expect(fresh.json()).toMatchObject({ status: 'new_discord_user' });
      expect(c.client.cookies.get('sid')).toBeUndefined();
      expect((await new Client(t.app).get('/api/whoami', { authorization: `Bearer ${cToken}` })).json().uuid).toBe(ANONYMOUS_USER.uuid);
      // The web's popup sign-in is not the Activity: there it only signs in.
      const d = await registerPlayer(t.app);
      const web = await d.client.post('/api/discord/exchange', { code: fakeDiscord.codeFor(discordUser(), redirect) });
      expect(web.json()).toMatchObject({ status: 'new_discord_user' });
      expect((await d.client.get('/api/whoami')).json().uuid).toBe(d.uuid);
    });

    it('says it is not configured without Discord credentials', async () => {
      const bare = await startApp(database);
      try {
        const r = await new Client(bare.app).post('/api/discord/exchange', { code: 'abc' });
        expect(r.statusCode).toBe(503);
        expect(r.json().error).toBe(DISCORD_TEXT.notConfigured);
      } finally { await bare.close(); }
    });
  });

  describe('CrazyGames portal login', () => {
    it('creates an account for a new portal player and signs them in again later', async () => {
      const token = await fakePortal.sign({ userId: `cg-${uniqueName()}`, username: 'Portal Pal', gameId: 'game-42' });
      const client = new Client(t.app);
      const first = await client.post('/api/crazygames/login', { token });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'ok', created: true });
      expect(first.json().username).toMatch(/^Portal_Pal/);
      const again = await new Client(t.app).post('/api/crazygames/login', { token });
      expect(again.json()).toMatchObject({ created: false, uuid: first.json().uuid });
    });

    it('links the portal account to a player who is already signed in', async () => {
      const player = await registerPlayer(t.app);
      const userId = `cg-${uniqueName()}`;
      const r = await player.client.post('/api/crazygames/login', { token: await fakePortal.sign({ userId, username: 'x', gameId: 'game-42' }) });
      expect(r.json()).toMatchObject({ uuid: player.uuid, created: false });
      const fresh = await new Client(t.app).post('/api/crazygames/login', { token: await fakePortal.sign({ userId, username: 'x', gameId: 'game-42' }) });
      expect(fresh.json().uuid).toBe(player.uuid);
    });

    it('refuses tokens signed with another key, expired, or for another game', async () => {
      const claims = { userId: `cg-${uniqueName()}`, username: 'Nope', gameId: 'game-42' };
      const cases = [
        await fakePortal.sign(claims, { key: fakePortal.otherKey }),
        await fakePortal.sign(claims, { expiresIn: '-1m' }),
        await fakePortal.sign({ ...claims, gameId: 'other-game' }),
        'eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4In0.',
      ];
      for (const token of cases) {
        const r = await new Client(t.app).post('/api/crazygames/login', { token });
        expect(r.statusCode).toBe(401);
        expect(r.json().error).toBe(PORTAL_TEXT.invalidToken);
      }
    });

    it('refuses a token for another game, or one that names no game, changing nothing', async () => {
      const users = async () => Number((await t.handle.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await users();
      const userId = `cg-${uniqueName()}`;
      for (const [token, code] of [
        [await fakePortal.sign({ userId, username: 'Foreign', gameId: 'SOME-OTHER-GAME' }), 'PORTAL_TOKEN_OTHER_GAME'],
        [await fakePortal.sign({ userId, username: 'Gameless', gameId: null }), 'PORTAL_TOKEN_NO_GAME'],
      ] as const) {
        const r = await new Client(t.app).post('/api/crazygames/login', { token });
        expect(r.statusCode, r.body).toBe(401);
        expect(r.json()).toMatchObject({ error: PORTAL_TEXT.invalidToken, code });
        expect(r.headers['set-cookie']).toBeUndefined();
      }
      expect(await users()).toBe(before);
    });

    it('is off without our game id: no token signs anyone in, whichever game it names', async () => {
      const { CRAZYGAMES_GAME_ID: _ours, ...withoutGame } = hosts.config;
      const bare = await startApp(database, withoutGame);
      try {
        const userId = `cg-${uniqueName()}`;
        for (const claims of [{ userId, username: 'Foreign', gameId: 'SOME-OTHER-GAME' }, { userId, username: 'Gameless', gameId: null }, { userId, username: 'Ours', gameId: 'game-42' }]) {
          const r = await new Client(bare.app).post('/api/crazygames/login', { token: await fakePortal.sign(claims) });
          expect(r.statusCode, r.body).toBe(503);
          expect(r.json()).toMatchObject({ error: PORTAL_TEXT.notConfigured, code: 'NOT_CONFIGURED' });
        }
        expect(await bare.handle.db.selectFrom('users').select('id').where('crazygames_id', '=', userId).execute()).toEqual([]);
      } finally { await bare.close(); }
    });

    it('follows a key rotation', async () => {
      const userId = `cg-${uniqueName()}`;
      await new Client(t.app).post('/api/crazygames/login', { token: await fakePortal.sign({ userId, username: 'Rot', gameId: 'game-42' }) });
      await fakePortal.rotate();
      const after = await new Client(t.app).post('/api/crazygames/login', { token: await fakePortal.sign({ userId, username: 'Rot', gameId: 'game-42' }) });
      expect(after.statusCode).toBe(200);
    });
  });

  describe('wallets', () => {
    async function link(client: Client, account = privateKeyToAccount(generatePrivateKey())) {
      const nonce = (await client.post('/api/wallet/nonce', { address: account.address })).json();
      const signature = await account.signMessage({ message: nonce.message });
      return { account, nonce, response: await client.post('/api/wallet/link', { message: nonce.message, signature }) };
    }

    it('links wallets by signature, lists them with the preferred first, disconnects with fallback', async () => {
      const p = await registerPlayer(t.app);
      const first = await link(p.client);
      expect(first.response.statusCode, first.response.body).toBe(200);
      const second = await link(p.client);
      const list = (await p.client.get(`/api/wallet/getUserWallets/${p.uuid}`)).json();
      expect(list.preferred_address).toBe(first.account.address);
      expect(list.modular_wallets.map((w: { address: string }) => w.address)).toEqual([first.account.address, second.account.address]);

      const gone = await p.client.post('/api/wallet/disconnect', { address: first.account.address.toLowerCase() });
      expect(gone.json()).toMatchObject({ success: true, preferred_address: second.account.address, modular_wallets: [{ address: second.account.address }] });
      const last = await p.client.post('/api/wallet/disconnect', { address: second.account.address });
      expect(last.json()).toMatchObject({ preferred_address: null, modular_wallets: [] });
      expect((await p.client.post('/api/wallet/disconnect', { address: second.account.address })).statusCode).toBe(404);
    });

    it('refuses a wrong signature, a reused nonce, another player\'s wallet list and wallet', async () => {
      const p = await registerPlayer(t.app);
      const q = await registerPlayer(t.app);
      const account = privateKeyToAccount(generatePrivateKey());
      const impostor = privateKeyToAccount(generatePrivateKey());
      const nonce = (await p.client.post('/api/wallet/nonce', { address: account.address })).json();
      const badSig = await p.client.post('/api/wallet/link', { message: nonce.message, signature: await impostor.signMessage({ message: nonce.message }) });
      expect(badSig.statusCode).toBe(400);
      expect(badSig.json().error).toBe(WALLET_TEXT.badSignature);
      const good = await p.client.post('/api/wallet/link', { message: nonce.message, signature: await account.signMessage({ message: nonce.message }) });
      expect(good.json().error).toBe(WALLET_TEXT.nonceUsed);

      const linked = await link(p.client, account);
      expect(linked.response.statusCode).toBe(200);
      const replay = await p.client.post('/api/wallet/link', { message: linked.nonce.message, signature: await account.signMessage({ message: linked.nonce.message }) });
      expect(replay.json().error).toBe(WALLET_TEXT.nonceUsed);
      const stolen = await link(q.client, account);
      expect(stolen.response.statusCode).toBe(409);
      expect(stolen.response.json().error).toBe(WALLET_TEXT.linkedElsewhere);
      expect((await q.client.get(`/api/wallet/getUserWallets/${p.uuid}`)).statusCode).toBe(403);
      expect((await q.client.post('/api/wallet/disconnect', { address: account.address })).statusCode).toBe(404);
      const tampered = linked.nonce.message.replace('Link this wallet', 'Steal this wallet');
      const n2 = (await p.client.post('/api/wallet/nonce', { address: account.address })).json();
      const t2 = await p.client.post('/api/wallet/link', { message: n2.message.replace('Link this wallet', 'Steal this wallet'), signature: await account.signMessage({ message: tampered }) });
      expect(t2.statusCode).toBe(400);
    });
  });

  describe('airdrop', () => {
    it('grants 1 Base Set II Crate and 1 Technical Difficulties item exactly once', async () => {
      const p = await registerPlayer(t.app);
      expect((await p.client.get('/api/checkTechnicalDifficultiesEligibility')).json()).toEqual({ eligible: true, claimed: false, message: AIRDROP_TEXT.eligible, claimedAt: null });
      const claims = await Promise.all(Array.from({ length: 6 }, () => p.client.post('/api/claimTechnicalDifficulties')));
      expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of claims.filter((c) => c.statusCode !== 200)) expect(r.json().error).toBe(AIRDROP_TEXT.alreadyClaimed);
      const items = await itemHoldings(t.handle.db, playerAccount(p.uuid));
      expect(items.get(ITEM_IDS.baseSetIICrate)).toBe(1n);
      expect(items.get(ITEM_IDS.technicalDifficulties)).toBe(1n);
      const status = (await p.client.get('/api/checkTechnicalDifficultiesEligibility')).json();
      expect(status).toMatchObject({ claimed: true, message: AIRDROP_TEXT.alreadyClaimed });
      expect(status.claimedAt).toBeGreaterThan(Date.now() / 1000 - 120);
      // What the claim gave, in the claim's answer and in the status afterwards.
      const gave = [{ itemUuid: ITEM_IDS.baseSetIICrate, name: 'Base Set II Crate', quantity: 1 }, { itemUuid: ITEM_IDS.technicalDifficulties, name: 'Technical Difficulties', quantity: 1 }];
      expect(status.reward).toEqual(gave);
      expect(claims.find((r) => r.statusCode === 200)?.json().reward).toEqual(gave);
      expect(await conservationViolations(t.handle.db)).toEqual([]);
    });

    it('follows the eligibility configuration', async () => {
      const closed = await startApp(database, { AIRDROP_ACCOUNTS_CREATED_BEFORE: '2020-01-01' });
      try {
        const p = await registerPlayer(closed.app);
        expect((await p.client.get('/api/checkTechnicalDifficultiesEligibility')).json()).toMatchObject({ eligible: false, message: AIRDROP_TEXT.notEligible });
        const r = await p.client.post('/api/claimTechnicalDifficulties');
        expect(r.statusCode).toBe(403);
        expect((await itemHoldings(closed.handle.db, playerAccount(p.uuid))).size).toBe(0);
      } finally { await closed.close(); }
    });
  });
});
