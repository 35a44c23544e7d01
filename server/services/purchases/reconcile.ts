// What the providers' webhooks may never deliver, found by asking them, every PURCHASE_RECONCILE_MS:
//
// Discord (its events are known to go missing):
//  - new entitlements: the application's entitlements after the last one this process has seen,
//    every page ("List Entitlements" with `after`), each settled like a webhook (grant once, then
//    consume). The first round of a process reads them all; a grant already made is a duplicate;
//  - sightings left open: an event kept and answered whose grant never ran (the process died
//    after the 204) or failed, settled again from what Discord sent;
//  - deleted entitlements: the cursor only moves forward, so a refund whose ENTITLEMENT_DELETE
//    is lost would never be seen. The players with Discord grants still in the refund window
//    have their entitlements listed again, deleted ones included (exclude_deleted=false), and
//    every one of ours marked deleted is reversed.
// CrazyGames (Xsolla): the orders of the last hours, through the order search (xsollaReconcile.ts).
// The web (Stripe): the checkout sessions created in the last hours ("List all Checkout Sessions"
// with created[gte], every page), each paid one of ours settled (a lost checkout.session.completed).
import type { RunInTransaction } from '../../db/tx';
import { allEntitlements, Entitlement } from '../../providers/discordStore';
import { isOurSession, settleEntitlements, settleEntitlementSighting, settleWebSession } from './settle';
import { discordUsersWithRecentGrants, openSightings, settleSighting } from './sightings';
import { purchaseContext, type PurchaseApp } from './purchases';

/** How far back a Discord grant may still be refunded (its entitlement deleted). */
export const DISCORD_REFUND_WINDOW_DAYS = 60;
/** The players whose entitlements one round lists again (the next round takes the next ones). */
export const DELETED_SCAN_PLAYERS = 100;
/** A sighting this old (seconds) and still open is the reconcile's: the webhook's own work is done or dead. */
export const SIGHTING_GRACE_S = 60;
/** How far back the web reconcile lists checkout sessions. */
export const WEB_LOOKBACK_HOURS = 48;
const MAX_PAGES = 50;

export interface ReconcileRound { seen: number; granted: number; reversed: number; sightings: number }

export function discordReconciler(app: PurchaseApp, transaction: RunInTransaction): { round(): Promise<ReconcileRound> } {
  let after: string | undefined;
  let scanOffset = 0;
  return {
    async round() {
      const p = app.purchases;
      const result: ReconcileRound = { seen: 0, granted: 0, reversed: 0, sightings: 0 };
      if (!p?.discord) return result;
      const store = p.discord.store;
      const found = (kind: 'granted' | 'reversed', n: number) => { if (n > 0) app.metrics.purchaseReconciled('discord', kind, n); };

      const fresh = await allEntitlements(store, after ? { after } : {}, MAX_PAGES);
      if (fresh.list.length) {
        const settled = await settleEntitlements(purchaseContext(app, p, transaction), fresh.list, null);
        for (const e of fresh.list) if (settled.skipped?.get(e.id) !== 'unknownPlayer') await settleSighting(app.db, 'discord', e.id);
        result.seen += fresh.list.length;
        result.granted += settled.fresh ?? 0;
      }
      after = fresh.last;

      for (const open of await openSightings(app.db, 'discord', SIGHTING_GRACE_S, 100)) {
        const e = Entitlement.safeParse(open.payload);
        if (!e.success) continue;
        result.granted += await settleEntitlementSighting(purchaseContext(app, p, transaction), e.data);
        result.sightings += 1;
      }

      const players = await discordUsersWithRecentGrants(app.db, DISCORD_REFUND_WINDOW_DAYS, DELETED_SCAN_PLAYERS, scanOffset);
      scanOffset = players.length < DELETED_SCAN_PLAYERS ? 0 : scanOffset + players.length;
      for (const player of players) {
        const theirs = await allEntitlements(store, { userId: player.discordId }, MAX_PAGES);
        const deleted = theirs.list.filter((e) => e.deleted && player.granted.has(e.id));
        if (!deleted.length) continue;
        await settleEntitlements(purchaseContext(app, p, transaction), deleted, null);
        result.reversed += deleted.length;
      }
      found('granted', result.granted);
      found('reversed', result.reversed);
      return result;
    },
  };
}

export function webReconciler(app: PurchaseApp, transaction: RunInTransaction): { round(): Promise<{ seen: number; granted: number }> } {
  return {
    async round() {
      const p = app.purchases;
      const result = { seen: 0, granted: 0 };
      if (!p?.web) return result;
      const since = Date.now() / 1000 - WEB_LOOKBACK_HOURS * 3600;
      let startingAfter: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const { data, hasMore } = await p.web.recentSessions(since, startingAfter);
        for (const session of data) {
          result.seen += 1;
          if (session.payment_status !== 'paid' || !isOurSession(session)) continue;
          const settled = await settleWebSession(purchaseContext(app, p, transaction), session, null);
          result.granted += settled.fresh ?? 0;
        }
        if (!hasMore || !data.length) break;
        startingAfter = data[data.length - 1]!.id;
      }
      if (result.granted > 0) app.metrics.purchaseReconciled('web', 'granted', result.granted);
      return result;
    },
  };
}
