// The console's view of holds and limits (docs/domain/console.md): a player's holds with their
// reason and end, releasing a credential hold early (a console write: the password step-up, a
// reason, an audit row), and the report of players who hit the limits. Studio-facing, English.
import { z } from 'zod';
import { AdminUuid, Reason } from './admin';
import { defineEndpoint } from './http';
import { TradeHold } from './trade';

export const ADMIN_HOLD_TEXT = {
  noSuchHold: 'This player has no such hold in force',
  released: 'Hold released',
} as const;

export const AdminPlayerHolds = z.object({
  holds: z.array(TradeHold),
  /** Credential holds of the last 90 days, released or over included (newest first). */
  past: z.array(z.object({
    id: z.string(), reason: z.string(), createdAt: z.string(), endsAt: z.string(),
    releasedAt: z.string().nullable(), releasedBy: z.string().nullable(), releaseReason: z.string().nullable(),
  })),
  /** Refusals by a hold or limit in the last 30 days, newest first (at most 50). */
  hits: z.array(z.object({ rule: z.string(), action: z.string(), at: z.string() })),
  /** Value moved with each other player today (UTC). */
  pairsToday: z.array(z.object({ username: z.string(), coins: z.number(), items: z.number().int() })),
  limits: z.object({
    tradeHoldHours: z.number().int(), newAccountHoldHours: z.number().int(), pairCapTc: z.number(), pairCapItems: z.number().int(),
    outsideBandPerDay: z.number().int(), bandPercent: z.number().int(), saleFeePercent: z.number(),
    purchaseHoldHours: z.record(z.string(), z.number().int()),
  }),
});

export const playerHolds = defineEndpoint({
  method: 'GET', path: '/api/admin/players/:uuid/holds', access: 'admin', summary: "A player's holds (reason, end), recent limit refusals and today's pairs",
  params: z.object({ uuid: AdminUuid }), response: AdminPlayerHolds,
});

export const releaseHold = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/holds/:holdId/release', access: 'admin',
  summary: 'End a credential hold early (password step-up, reason, audit)',
  params: z.object({ uuid: AdminUuid, holdId: AdminUuid }), body: z.object({ reason: Reason }),
  response: z.object({ message: z.string(), auditId: z.number().int() }),
});

export const LimitHitsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
export const limitHitsReport = defineEndpoint({
  method: 'GET', path: '/api/admin/limit-hits', access: 'admin', summary: 'Players refused by a hold or limit lately, most refusals first',
  query: LimitHitsQuery,
  response: z.object({
    days: z.number().int(),
    players: z.array(z.object({
      uuid: z.string(), username: z.string(), hits: z.number().int(), lastAt: z.string(),
      rules: z.record(z.string(), z.number().int()),
    })),
  }),
});

export const adminHoldEndpoints = { playerHolds, releaseHold, limitHitsReport };
