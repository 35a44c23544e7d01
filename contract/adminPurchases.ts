// The console's view of real-money purchases (access 'admin', studio-facing, English only):
// purchases, refunds and debts per player and per host, what each host sold per day, and the
// two manual actions, a purchase reversed by hand and a debt forgiven, each with a reason,
// recorded in the audit log and behind the console's password prompt like every console write.
import { z } from 'zod';
import { AdminUuid, Reason } from './admin';
import { defineEndpoint } from './http';
import { PURCHASE_HOSTS } from './purchases';

export const ADMIN_PURCHASE_TEXT = {
  noPurchase: 'No purchase has this id',
  alreadyReversed: 'This purchase was already reversed',
  noDebt: 'This player owes nothing',
} as const;

export const AdminPurchase = z.object({
  id: z.string(), host: z.enum(PURCHASE_HOSTS), providerPurchaseId: z.string(), providerRef: z.string().nullable(),
  userUuid: z.string(), username: z.string(), productId: z.string(),
  /** TripCoins the purchase gave. */
  tripcoins: z.number(),
  status: z.enum(['granted', 'reversed']),
  needsConsume: z.boolean(), consumedAt: z.string().nullable(), consumeAttempts: z.number().int(), consumeError: z.string().nullable(),
  testMode: z.boolean(), txId: z.string(), createdAt: z.string(),
  reversedAt: z.string().nullable(), reversalReason: z.string().nullable(),
  /** TripCoins the player could no longer pay when it was reversed. */
  reversalDebt: z.number(),
});
export type AdminPurchase = z.infer<typeof AdminPurchase>;

const Page = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const listPurchases = defineEndpoint({
  method: 'GET', path: '/api/admin/purchases', access: 'admin', summary: 'Purchases, newest first (optionally one host, one player, granted or reversed)',
  query: Page.extend({ host: z.enum(PURCHASE_HOSTS).optional(), player: AdminUuid.optional(), status: z.enum(['granted', 'reversed']).optional() }),
  response: z.object({ purchases: z.array(AdminPurchase), total: z.number().int() }),
});

export const PurchasesOverview = z.object({
  hosts: z.array(z.object({
    host: z.enum(PURCHASE_HOSTS), granted: z.number().int(), reversed: z.number().int(),
    /** TripCoins sold there and not taken back: what the host's revenue account paid out, net. */
    netTripcoins: z.number(), awaitingConsume: z.number().int(), refundsBeforeGrant: z.number().int(),
  })),
  /** Per UTC day and host: purchases granted and TripCoins they gave, and reversals that day. */
  days: z.array(z.object({ day: z.string(), host: z.enum(PURCHASE_HOSTS), purchases: z.number().int(), tripcoins: z.number(), reversals: z.number().int(), reversedTripcoins: z.number() })),
  /** Players below zero, the most owed first. */
  debts: z.array(z.object({ uuid: z.string(), username: z.string(), debt: z.number() })),
  /** Paid (a provider said so) and not granted after STUCK_PURCHASE_MINUTES, oldest first. */
  stuck: z.array(z.object({ host: z.enum(PURCHASE_HOSTS), providerPurchaseId: z.string(), seenAt: z.string(), attempts: z.number().int(), lastError: z.string().nullable() })),
  /** Each host's payment provider as this process last found it, and what its reconcile found
   * since the process started (grants no webhook brought, reversals of lost deletions). */
  providers: z.array(z.object({
    host: z.enum(PURCHASE_HOSTS), configured: z.boolean(), lastAnswer: z.enum(['ok', 'failed']).nullable(), lastAt: z.string().nullable(),
    reconcileGranted: z.number().int(), reconcileReversed: z.number().int(),
  })),
});
/** How long a paid purchase may wait for its grant before the console lists it as stuck. */
export const STUCK_PURCHASE_MINUTES = 5;
export const purchasesOverview = defineEndpoint({
  method: 'GET', path: '/api/admin/purchases/overview', access: 'admin', summary: 'Purchases and refunds per host, revenue per day, and the players in debt',
  query: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }),
  response: PurchasesOverview,
});

export const playerPurchases = defineEndpoint({
  method: 'GET', path: '/api/admin/players/:uuid/purchases', access: 'admin', summary: "A player's purchases and refunds, and what they owe",
  params: z.object({ uuid: AdminUuid }),
  response: z.object({ purchases: z.array(AdminPurchase), debt: z.number() }),
});

const Done = z.object({ ok: z.literal(true), auditId: z.number().int(), message: z.string() });

export const reversePurchaseByHand = defineEndpoint({
  method: 'POST', path: '/api/admin/purchases/:id/reverse', access: 'admin', movesValue: true,
  summary: 'Reverse a purchase by hand (a refund the provider never reported): its coins are taken back, what was spent becomes a debt',
  params: z.object({ id: AdminUuid }), body: z.object({ reason: Reason }), response: Done.extend({ debt: z.number() }),
});

export const forgiveDebt = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/forgive-debt', access: 'admin', movesValue: true,
  summary: "Forgive a player's debt from refunded purchases: the mint brings their balance back to zero",
  params: z.object({ uuid: AdminUuid }), body: z.object({ reason: Reason }), response: Done.extend({ forgiven: z.number(), txId: z.string() }),
});

export const adminPurchaseEndpoints = { listPurchases, purchasesOverview, playerPurchases, reversePurchaseByHand, forgiveDebt };
