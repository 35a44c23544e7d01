// The CrazyGames portal's store (Xsolla) against a stand-in written from Xsolla's documents: a
// signed order_paid grants from itself (every pack, every quantity, once per order, to the
// account of its user.external_id), `payment` is acknowledged and grants nothing, refunds and
// cancellations take back the order only from the player it was granted to, a partial refund
// the part refunded, and the reconcile job's order search finds an order whose notifications
// never came. No undocumented Xsolla path is ever called.
import { describe, expect, it } from 'vitest';
import { xsollaReconciler } from '../../server/services/purchases/xsollaReconcile';
import { jobTransactions } from '../../server/jobs/purchaseJobs';
import { registerPlayer, testDatabases } from './helpers';
import { usePurchaseApp } from './harness/purchaseApp';

let nextPortalId = 5_000;

for (const database of testDatabases()) {
  describe(`Xsolla purchases (${database.name})`, () => {
    const t = usePurchaseApp(database);

    async function portalPlayer() {
      const player = await registerPlayer(t.app);
      const portalId = `cg-xs-${nextPortalId++}`;
      await t.app.db.updateTable('users').set({ crazygames_id: portalId }).where('id', '=', player.uuid).execute();
      return { ...player, portalId };
    }
    const post = (delivery: { headers: Record<string, string>; body: string }) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/xsolla', headers: delivery.headers, payload: delivery.body });
    const send = (body: unknown) => post(t.fakes.xsolla.signed(body));
    const held = async <T>(run: () => Promise<T>): Promise<T> => {
      t.fakes.xsolla.switches.webhookNever = true;
      try { return await run(); } finally { t.fakes.xsolla.switches.webhookNever = false; }
    };

    it('a signed order_paid in the documented shape grants once when sent twice, with no undocumented call', async () => {
      const player = await portalPlayer();
      const order = await held(() => t.fakes.xsolla.buy(player.portalId, 'tc_1200'));
      const paid = t.fakes.xsolla.notification('order_paid', order);
      const [first, second] = [await send(paid), await send(paid)];
      expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
      expect(await t.ledger.balance(player.uuid)).toBe(1200);
      expect(await t.ledger.of(player.uuid)).toHaveLength(1);
      expect(t.fakes.xsolla.undocumented).toEqual([]);
    });

    it('payment is answered 2xx and grants nothing by itself; order_paid follows it', async () => {
      const player = await portalPlayer();
      const order = await held(() => t.fakes.xsolla.buy(player.portalId, 'tc_500'));
      const payment = await send(t.fakes.xsolla.notification('payment', order));
      expect(payment.statusCode).toBe(204);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      // The fake's flow: payment answered 2xx, so order_paid is sent and grants.
      const live = await t.fakes.xsolla.buy(player.portalId, 'tc_500');
      expect(t.fakes.xsolla.sent.filter((s) => s.type === 'payment').at(-1)?.status).toBe(204);
      expect(await t.ledger.row('crazygames', `${live.order_id}:tc_500`)).toBeDefined();
      expect(await t.ledger.balance(player.uuid)).toBe(500);
    });

    it('quantity 3 of one pack and a second pack in the same order grant all of it', async () => {
      const player = await portalPlayer();
      await t.fakes.xsolla.buy(player.portalId, 'tc_500', { quantity: 3, more: [{ sku: 'tc_1200', quantity: 1 }] });
      expect(await t.ledger.balance(player.uuid)).toBe(3 * 500 + 1200);
      expect((await t.ledger.of(player.uuid)).map((r) => r.productId).sort()).toEqual(['tc-1200', 'tc-500']);
    });

    it('a signed refund takes the order back; order_canceled after it changes nothing more', async () => {
      const player = await portalPlayer();
      const order = await t.fakes.xsolla.buy(player.portalId, 'tc_1200', { quantity: 2 });
      expect(await t.ledger.balance(player.uuid)).toBe(2400);
      await t.fakes.xsolla.refund(String(order.order_id));
      expect(t.fakes.xsolla.sent.slice(-2).map((s) => [s.type, s.status])).toEqual([['refund', 204], ['order_canceled', 204]]);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      expect(await t.ledger.row('crazygames', `${order.order_id}:tc_1200`)).toMatchObject({ reversed: true });
    });

    it('a refund naming another player (or sent for another order through external_id) changes nothing', async () => {
      const victim = await portalPlayer();
      const attacker = await portalPlayer();
      const order = await t.fakes.xsolla.buy(victim.portalId, 'tc_1200');
      const mine = await t.fakes.xsolla.buy(attacker.portalId, 'tc_500');
      // A refund of the victim's order signed for the attacker's user.
      const refund = t.fakes.xsolla.notification('refund', order) as { user: { id: string } };
      const refused = await send({ ...refund, user: { ...refund.user, id: attacker.portalId } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: { code: 'INVALID_USER', message: 'Invalid user' } });
      const canceled = t.fakes.xsolla.notification('order_canceled', order) as { user: { external_id: string } };
      expect((await send({ ...canceled, user: { external_id: attacker.portalId } })).statusCode).toBe(400);
      // The attacker's own refund whose external_id names the victim's order reverses only the attacker's.
      const own = t.fakes.xsolla.notification('refund', mine) as { transaction: Record<string, unknown> };
      expect((await send({ ...own, transaction: { ...own.transaction, external_id: String(order.order_id) } })).statusCode).toBe(204);
      expect(await t.ledger.balance(victim.uuid)).toBe(1200);
      expect(await t.ledger.row('crazygames', `${order.order_id}:tc_1200`)).toMatchObject({ reversed: false });
      expect(await t.ledger.balance(attacker.uuid)).toBe(0);
    });

    it('partial_refund takes back the part refunded, rounded in the player\'s favour, once per notification', async () => {
      const player = await portalPlayer();
      // tc_1200 is 9.99 in the stand-in's catalog (from config): refunding 3.33 is a third.
      const order = await t.fakes.xsolla.buy(player.portalId, 'tc_1200');
      const paid = Number(order.price.amount);
      const third = (Math.round((paid / 3) * 100) / 100).toFixed(2);
      t.fakes.xsolla.switches.webhookTwice = true;
      await t.fakes.xsolla.partialRefund(String(order.order_id), third);
      t.fakes.xsolla.switches.webhookTwice = false;
      const expected = 1200 - Math.floor((1200 * Number(third)) / paid);
      expect(await t.ledger.balance(player.uuid)).toBe(expected);
      // The rest refunded: the whole order is taken back, nothing more.
      await t.fakes.xsolla.refund(String(order.order_id));
      expect(await t.ledger.balance(player.uuid)).toBe(0);
    });

    it('a refund before its order_paid (out of order) means the late order_paid grants nothing', async () => {
      const player = await portalPlayer();
      t.fakes.xsolla.switches.webhookLate = true;
      const order = await t.fakes.xsolla.buy(player.portalId, 'tc_500');
      t.fakes.xsolla.switches.webhookLate = false;
      // Xsolla cancels it; order_canceled arrives first, then the late payment and order_paid.
      expect((await send(t.fakes.xsolla.notification('order_canceled', order))).statusCode).toBe(204);
      await t.fakes.xsolla.flush();
      expect(t.fakes.xsolla.sent.slice(-2)).toEqual([{ type: 'payment', status: 204 }, { type: 'order_paid', status: 204 }]);
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      expect(await t.ledger.of(player.uuid)).toEqual([]);
    });

    it('the reconcile job grants an order whose notifications never came, once', async () => {
      const player = await portalPlayer();
      const order = await held(() => t.fakes.xsolla.buy(player.portalId, 'tc_2600'));
      const reconciler = xsollaReconciler(t.app, jobTransactions(t.app));
      // Xsolla unreachable: the round fails (the job logs it) and grants nothing; the next one finds it.
      t.fakes.xsolla.switches.searchDown = true;
      await expect(reconciler.round()).rejects.toThrow(/Xsolla answered 503/);
      t.fakes.xsolla.switches.searchDown = false;
      expect(await t.ledger.balance(player.uuid)).toBe(0);
      const first = await reconciler.round();
      expect(first.granted).toBeGreaterThanOrEqual(1);
      expect(await t.ledger.balance(player.uuid)).toBe(2600);
      await reconciler.round();
      expect(await t.ledger.row('crazygames', `${order.order_id}:tc_2600`)).toBeDefined();
      expect(await t.ledger.of(player.uuid)).toHaveLength(1);
      expect(t.fakes.xsolla.undocumented).toEqual([]);
    });
  });
}
