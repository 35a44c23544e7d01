// The studio's console: endpoints under /api/admin, access 'admin' (401 anonymous,
// 403 to players). Every write takes a non-empty reason, is recorded in the append-only audit
// log in the write's own transaction, and honours Idempotency-Key (server/route.ts). Texts here
// are studio-facing and English only.
import { z } from 'zod';
import { AUTH_TEXT } from './auth';
import { defineEndpoint } from './http';
import { parseTripcoins } from './money';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const AdminUuid = z.string().regex(GUID, 'Must be a uuid');
const UuidParams = z.object({ uuid: AdminUuid });

/** Why an admin did it: required on every write, kept in the audit log, never shown to the player. */
export const Reason = z.string().trim().min(3, 'A reason of at least 3 characters is required').max(500);
const WithReason = z.object({ reason: Reason });
/** What the player is told, written for them (in their language when the admin can): the only
 * text of a console write that reaches the player. Empty: they get the plain notice. */
export const PlayerMessage = z.string().trim().max(200, 'A message to the player is at most 200 characters').default('');
const WithMessage = WithReason.extend({ playerMessage: PlayerMessage });

export const ADMIN_TEXT = {
  /** The player's text (contract/auth.ts, translated in the shell). */
  banned: AUTH_TEXT.banned,
  notFound: 'No such player',
  alreadyBanned: 'This player is already banned',
  notBanned: 'This player is not banned',
  alreadyReversed: 'This posting was already reversed',
  reversalOfReversal: 'A reversal cannot itself be reversed; grant or remove instead',
  escrowPosting: 'This posting moved value into or out of a listing or wager escrow: cancel the listing or wager instead',
  noPosting: 'No ledger posting has this id',
  oddsSum: 'The odds must add up to exactly 100%',
  adminsOnly: 'Admins only',
  bridgePosting: 'This posting sent value out of the game through the bridge: the token is on chain, so giving the ticket back would make a second one',
  bridgePending: 'This bridge transfer is still on its way to the chain; only a transfer that failed and was not refunded can be reversed',
  bridgeRefunded: 'This bridge transfer failed and its ticket was already refunded to the player',
  bridgeReturn: 'This posting is part of a bridge transfer (a refund or its return): it cannot be reversed',
  purchasePosting: 'This posting is a real-money purchase or its reversal: reverse the purchase itself (Purchases), which keeps it from granting again',
  reauthRequired: (minutes: number) => `Type your password again to make changes (asked every ${minutes} minutes)`,
  reauthNoPassword: 'Console changes need an admin account with a password: set one in the account settings first',
  reauthWrong: 'That password is not right',
  adminNotBannable: 'An admin cannot be banned from the console: an operator first takes the role away (npm run admin -- revoke-admin <name>)',
  grantTooLarge: (max: string, unit: string) => `One grant may give at most ${max} ${unit}`,
  grantDailyCap: (max: string, unit: string, left: string) => `You may grant at most ${max} ${unit} a day (UTC); ${left} left today`,
} as const;

/** The code of the refusal that asks the console to prompt for the password and retry. */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

export const AdminPlayerSummary = z.object({
  uuid: z.string(), username: z.string(), isAdmin: z.boolean(),
  discordId: z.string().nullable(), crazygamesId: z.string().nullable(),
  createdAt: z.string(), bannedAt: z.string().nullable(),
});

const Page = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const findPlayers = defineEndpoint({
  method: 'GET', path: '/api/admin/players', access: 'admin', summary: 'Find players by name (prefix), uuid, Discord id or portal id',
  query: z.object({ q: z.string().trim().min(1).max(100) }),
  response: z.object({ players: z.array(AdminPlayerSummary) }),
});

export const AdminListing = z.object({
  id: z.string(), sellerUuid: z.string(), sellerName: z.string(), itemUuid: z.string(), itemName: z.string(),
  quantity: z.number().int(), price: z.number(), status: z.string(), createdAt: z.string(), endTime: z.string(),
});
export const AdminWager = z.object({ id: z.string(), wager: z.number(), status: z.string(), createdAt: z.string() });
export const AdminSession = z.object({
  id: z.string(), createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(),
  revokedAt: z.string().nullable(), userAgent: z.string().nullable(), ip: z.string().nullable(),
});

export const AdminPlayerDetail = z.object({
  player: AdminPlayerSummary.extend({ lastLoginAt: z.string().nullable(), banReason: z.string().nullable(), discordUsername: z.string().nullable() }),
  coins: z.number(),
  items: z.array(z.object({ itemUuid: z.string(), name: z.string(), quantity: z.number().int() })),
  listings: z.array(AdminListing),
  wagers: z.array(AdminWager),
  clan: z.object({ id: z.string(), name: z.string(), tag: z.string(), role: z.string() }).nullable(),
  wallets: z.array(z.string()),
  sessions: z.array(AdminSession),
});

export const playerDetail = defineEndpoint({
  method: 'GET', path: '/api/admin/players/:uuid', access: 'admin', summary: "A player's balances, items, listings, wagers, clan, identities and sessions",
  params: UuidParams, response: AdminPlayerDetail,
});

export const AdminLedgerRow = z.object({
  id: z.number().int(), txId: z.string(), createdAt: z.string(), reason: z.string(), ref: z.string().nullable(),
  asset: z.string(), assetName: z.string(),
  /** Positive: the player received; negative: the player paid (TC in TripCoins, items in units). */
  amount: z.number(),
  counterparty: z.string(), counterpartyName: z.string().nullable(),
  reversedBy: z.string().nullable(), reverses: z.string().nullable(),
});

export const playerLedger = defineEndpoint({
  method: 'GET', path: '/api/admin/players/:uuid/ledger', access: 'admin', summary: "A player's ledger rows, newest first, with counterparties and reasons",
  params: UuidParams, query: Page,
  response: z.object({ rows: z.array(AdminLedgerRow), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

const Done = z.object({ ok: z.literal(true), auditId: z.number().int(), message: z.string() });

export const revokeSessions = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/sessions/revoke', access: 'admin', summary: "End one of a player's sessions (sessionId), or all of them",
  params: UuidParams, body: WithReason.extend({ sessionId: AdminUuid.optional() }), response: Done,
});

export const ReversalLeg = z.object({ asset: z.string(), assetName: z.string(), from: z.string(), to: z.string(), amount: z.number() });
export const ReversalPlan = z.object({
  txId: z.string(), reason: z.string(), createdAt: z.string(),
  legs: z.array(ReversalLeg),
  /** Null when the whole posting can be undone now; else why not. */
  fullRefusal: z.string().nullable(),
  /** A part that can be undone now (e.g. the crates still unopened of a purchase), or null. */
  partial: z.object({ units: z.number().int(), of: z.number().int(), legs: z.array(ReversalLeg) }).nullable(),
  reversedBy: z.string().nullable(),
});
const TxParams = z.object({ txId: AdminUuid });

export const reversalPlan = defineEndpoint({
  method: 'GET', path: '/api/admin/postings/:txId', access: 'admin', summary: 'A posting, and whether it can be reversed in full or in part now',
  params: TxParams, response: ReversalPlan,
});

export const reversePosting = defineEndpoint({
  method: 'POST', path: '/api/admin/postings/:txId/reverse', access: 'admin', movesValue: true,
  summary: 'Undo a posting with new ledger rows (never an edit); partial: the part that can be undone now',
  params: TxParams, body: WithMessage.extend({ partial: z.boolean().default(false) }),
  response: Done.extend({ reversalTxId: z.string(), partial: z.boolean() }),
});

/** An amount for a grant or removal: TripCoins (two decimals) or whole items. */
export const GrantBody = WithMessage.extend({
  direction: z.enum(['grant', 'remove']),
  /** 'TC' or an item uuid. */
  asset: z.union([z.literal('TC'), AdminUuid]),
  amount: z.string().trim().max(20).refine((v) => { const p = parseTripcoins(v); return p !== null && p > 0n; }, 'A positive amount with at most two decimals'),
});
export const grantOrRemove = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/grant', access: 'admin', movesValue: true,
  summary: "Grant coins or items from the studio's mint, or remove them back to it",
  params: UuidParams, body: GrantBody, response: Done.extend({ txId: z.string() }),
});

export const banPlayer = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/ban', access: 'admin', movesValue: true,
  summary: 'Ban: ends every session at once, refuses sign-in, cancels listings and open wagers (value returned)',
  params: UuidParams, body: WithMessage,
  response: Done.extend({ listingsCancelled: z.number().int(), wagersCancelled: z.number().int() }),
});
export const unbanPlayer = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/unban', access: 'admin', summary: 'Lift a ban',
  params: UuidParams, body: WithReason, response: Done,
});

export const AdminCrateShop = z.object({
  crateVersionId: z.number().int(), name: z.string(), crateItemUuid: z.string(),
  totalSupply: z.number().int(), remaining: z.number().int(), sold: z.number().int(),
  /** Percent with two decimals, summing to 100. */
  drops: z.array(z.object({ itemUuid: z.string(), name: z.string(), percent: z.number() })),
  dropsFrom: z.enum(['file', 'console']),
});
export const crateShops = defineEndpoint({
  method: 'GET', path: '/api/admin/crates', access: 'admin', summary: 'Each crate shop: supply, sold, remaining and its drop table',
  response: z.object({ shops: z.array(AdminCrateShop) }),
});
const VersionParams = z.object({ version: z.enum(['0', '1']) });
export const setSupply = defineEndpoint({
  method: 'POST', path: '/api/admin/crates/:version/supply', access: 'admin', movesValue: true,
  summary: "Set a shop's total supply (a raise mints the difference, a cut takes unsold crates back)",
  params: VersionParams, body: WithReason.extend({ supply: z.number().int().min(0).max(1_000_000_000) }),
  response: Done.extend({ before: z.number().int(), after: z.number().int(), sold: z.number().int(), remaining: z.number().int() }),
});

/** Hundredths of a percent: every drop's odds, and the total must be exactly 10000. */
export const percentToBasis = (percent: number) => Math.round(percent * 100);
export const DropsBody = WithReason.extend({
  drops: z.array(z.object({ itemUuid: AdminUuid, percent: z.number().gt(0).max(100).refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'At most two decimals') }))
    .min(1).max(200)
    .refine((d) => d.reduce((s, x) => s + percentToBasis(x.percent), 0) === 10_000, 'The odds must add up to exactly 100%')
    .refine((d) => new Set(d.map((x) => x.itemUuid.toLowerCase())).size === d.length, 'An item is listed twice'),
});
export const setDrops = defineEndpoint({
  method: 'PUT', path: '/api/admin/crates/:version/drops', access: 'admin', summary: "Replace a crate's drop table (the published odds follow at once)",
  params: VersionParams, body: DropsBody, response: Done,
});

export const listListings = defineEndpoint({
  method: 'GET', path: '/api/admin/listings', access: 'admin', summary: 'Active listings, newest first (optionally one seller)',
  query: Page.extend({ seller: AdminUuid.optional() }),
  response: z.object({ listings: z.array(AdminListing) }),
});
export const cancelListing = defineEndpoint({
  method: 'POST', path: '/api/admin/listings/:id/cancel', access: 'admin', movesValue: true, summary: 'Cancel a listing (its items go back to the seller)',
  params: z.object({ id: AdminUuid }), body: WithMessage, response: Done,
});

export const EconomyOverview = z.object({
  circulation: z.number(),
  days: z.array(z.object({ day: z.string(), minted: z.number(), sunk: z.number(), sales: z.number().int(), volume: z.number() })),
  topHolders: z.array(z.object({ uuid: z.string(), username: z.string(), coins: z.number() })),
});
export const economyOverview = defineEndpoint({
  method: 'GET', path: '/api/admin/economy', access: 'admin', summary: 'Coins in circulation, minted and sunk per day, sales and volume per day, top holders',
  query: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }),
  response: EconomyOverview,
});
export const conservationCheck = defineEndpoint({
  method: 'GET', path: '/api/admin/economy/conservation', access: 'admin', summary: 'Run the conservation check now (read-only)',
  response: z.object({ ok: z.boolean(), violations: z.array(z.string()), checkedAt: z.string(), ms: z.number() }),
});

export const AdminAuditRow = z.object({
  id: z.number().int(), createdAt: z.string(), actor: z.string(), action: z.string(), target: z.string().nullable(),
  targetUuid: z.string().nullable(), reason: z.string(), details: z.unknown(), requestId: z.string().nullable(),
});
export const auditLog = defineEndpoint({
  method: 'GET', path: '/api/admin/audit', access: 'admin', summary: 'The admin audit log, newest first',
  query: Page.extend({ target: AdminUuid.optional() }),
  response: z.object({ rows: z.array(AdminAuditRow), total: z.number().int() }),
});

export const reauthenticate = defineEndpoint({
  method: 'POST', path: '/api/admin/reauth', access: 'admin',
  summary: "Type the admin's password again: this session's console writes are let through for a few minutes (ADMIN_REAUTH_MINUTES)",
  body: z.object({ password: z.string().min(1, 'Type your password').max(128) }),
  response: z.object({ ok: z.literal(true), until: z.string() }),
});

export const adminEndpoints = {
  reauthenticate, findPlayers, playerDetail, playerLedger, revokeSessions, reversalPlan, reversePosting, grantOrRemove, banPlayer, unbanPlayer,
  crateShops, setSupply, setDrops, listListings, cancelListing, economyOverview, conservationCheck, auditLog,
};
