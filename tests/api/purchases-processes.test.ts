// One Discord purchase, seen by two API processes on one PostgreSQL at once: Discord's webhook
// three times (to both) and the player's own sync on each (the reconcile poll meets the same
// purchase in purchases-settle.test.ts). The ledger's lock
// on (host, provider purchase id) and its unique key are what keep it to one grant across
// processes; this checks them through the real routes, not only the service.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conservationViolations } from '../../server/services/economy/ledger';
import { registerActor } from './harness/actors';
import { useProcessPair } from './harness/processPair';
import { startPurchaseFakes, type PurchaseFakes } from './harness/purchaseFakes';
import { purchaseRows } from './harness/purchaseRows';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SKU_1200 = '1300000000000001200';

describe.skipIf(!ADMIN_URL)(`a purchase through two API processes${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set; CI sets it)'}`, () => {
  let fakes: PurchaseFakes;
  beforeAll(async () => { fakes = await startPurchaseFakes(); });
  afterAll(async () => { await fakes?.close(); });
  // Started after the fakes (hooks run in order): both processes talk to them.
  const pair = useProcessPair(ADMIN_URL ?? '', 'buy', () => Object.fromEntries(Object.entries(fakes.config).map(([k, v]) => [k, String(v)])));

  it('webhook x3 and a sync on each process at once grant once, and the ledger balances', async () => {
    const { one, two, handle } = pair;
    const player = await registerActor(one);
    const discordId = '100000000000000777';
    await handle.db.updateTable('users').set({ discord_id: discordId }).where('id', '=', player.uuid).execute();
    fakes.discord.switches.webhookNever = true;
    const e = await fakes.discord.purchase(discordId, SKU_1200);
    fakes.discord.switches.webhookNever = false;
    const webhook = { version: 1, application_id: fakes.discord.applicationId, type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: new Date().toISOString(), data: e } };
    const hook = (send: typeof one) => { const d = fakes.discord.signed(webhook); return send({ label: 'webhook', method: 'POST', url: '/api/webhooks/discord', headers: d.headers, payload: d.body }); };
    const sync = (send: typeof one) => send({ label: 'sync', method: 'POST', url: '/api/purchases/discord/sync', headers: { 'content-type': 'application/json', cookie: `sid=${player.sid}` }, payload: '{}' });
    const answers = await Promise.all([hook(one), hook(two), hook(two), sync(one), sync(two)]);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 200, 200]);
    const ledger = purchaseRows(handle.db);
    expect(await ledger.of(player.uuid)).toHaveLength(1);
    expect(await ledger.balance(player.uuid)).toBe(1200);
    const granted = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger WHERE reason = 'purchase'`.execute(handle.db);
    expect(Number(granted.rows[0]?.n)).toBe(1);
    expect(await conservationViolations(handle.db)).toEqual([]);
  }, 120_000);
});
