// The host API's schemas (names and types in ./hostApi.ts, zod-free): every request from the
// game, every answer and event the shell sends, every call's value. Re-exported by
// contract/game.ts; `/* @__PURE__ */` IIFEs like the rest of the game protocol, so a bundle that
// imports names only drops them.
import { z } from 'zod';
import { FEATURES } from './featureNames';
import {
  AD_KINDS, GAMEPLAY_STATES, HOST_CALLS, HOST_LIMITS, HOST_NAMES, ROOM_ID_PATTERN,
  type HostAnswer, type HostCall, type HostCallName, type HostCallValues, type HostCapabilities, type HostEvent, type HostProduct, type Party,
} from './hostApi';

export const RoomId = /* @__PURE__ */ (() => z.string().min(1).max(HOST_LIMITS.roomIdMax).regex(ROOM_ID_PATTERN, 'letters, digits and . _ : - only'))();
const PresenceText = /* @__PURE__ */ (() => z.string().max(HOST_LIMITS.presenceTextMax))();
const PartyCount = /* @__PURE__ */ (() => z.number().int().min(1).max(HOST_LIMITS.partyMax))();
export const Locale = /* @__PURE__ */ (() => z.string().min(2).max(HOST_LIMITS.localeMax).regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'a BCP 47 language tag'))();
const AdKind = /* @__PURE__ */ (() => z.enum(AD_KINDS))();
/** A pack's id (contract/purchases.ts ProductId: kept in step by a test). */
export const HostProductId = /* @__PURE__ */ (() => z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a product id of the products answer'))();
const Tripcoins = /* @__PURE__ */ (() => z.number().int().positive().max(1_000_000_000))();
/** A balance in TripCoins: below zero only for a debt a refund left. */
const Balance = /* @__PURE__ */ (() => z.number().finite().min(-1_000_000_000_000).max(1_000_000_000_000))();

// Unknown keys are dropped, not refused: a Unity build may serialize every field of its request class.
export const HostCallSchema = /* @__PURE__ */ (() => z.discriminatedUnion('call', [
  z.object({ call: z.literal('capabilities') }),
  z.object({ call: z.literal('invite'), roomId: RoomId.optional() }),
  z.object({ call: z.literal('party') }),
  z.object({
    call: z.literal('setPresence'),
    details: PresenceText.optional(),
    state: PresenceText.optional(),
    partySize: PartyCount.optional(),
    partyMax: PartyCount.optional(),
    /** Epoch milliseconds. */
    startedAt: z.number().int().positive().optional(),
  }).refine((p) => p.partySize === undefined || p.partyMax === undefined || p.partySize <= p.partyMax, { message: 'partySize is above partyMax', path: ['partySize'] }),
  z.object({ call: z.literal('showAd'), kind: AdKind }),
  z.object({ call: z.literal('locale') }),
  z.object({ call: z.literal('happyTime') }),
  z.object({ call: z.literal('products') }),
  z.object({ call: z.literal('purchase'), productId: HostProductId }),
  z.object({ call: z.literal('gameplay'), state: z.enum(GAMEPLAY_STATES) }),
  z.object({
    call: z.literal('leaderboard'),
    stat: z.string().regex(/^[a-z]{1,20}$/).optional(),
    period: z.enum(['week', 'all']).optional(),
    scope: z.enum(['global', 'clan', 'friends']).optional(),
  }),
]))();

/** Each feature on or off (contract/featureNames.ts). */
export const FeatureFlagsSchema = /* @__PURE__ */ (() => z.object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<(typeof FEATURES)[number], z.ZodBoolean>))();

export const HostCapabilitiesSchema = /* @__PURE__ */ (() => z.object({
  host: z.enum(HOST_NAMES),
  invite: z.boolean(), party: z.boolean(), presence: z.boolean(), ads: z.boolean(),
  happyTime: z.boolean(), chatSetting: z.boolean(), locale: z.boolean(), joinRoom: z.boolean(), purchases: z.boolean(),
  features: FeatureFlagsSchema,
  tradeHold: z.object({
    until: z.string().max(40),
    reason: z.enum(['passwordChanged', 'signInLinked', 'signInRemoved', 'newAccount', 'purchase']),
    actions: z.array(z.enum(['give', 'list', 'bridge', 'buy'])).max(4),
  }).nullable(),
}))();

export const HostProductSchema = /* @__PURE__ */ (() => z.object({ id: HostProductId, tripcoins: Tripcoins, price: z.string().min(1).max(HOST_LIMITS.priceTextMax) }))();

export const PartyMemberSchema = /* @__PURE__ */ (() => z.object({
  discordId: z.string().regex(/^\d{1,25}$/).optional(),
  displayName: z.string().min(1).max(HOST_LIMITS.displayNameMax),
  avatarUrl: z.url().max(500).optional(),
  playerUuid: z.uuid().optional(),
  playerName: z.string().max(HOST_LIMITS.displayNameMax).optional(),
  self: z.boolean(),
}))();

export const PartySchema = /* @__PURE__ */ (() => z.object({ roomId: RoomId, members: z.array(PartyMemberSchema).max(HOST_LIMITS.members) }))();

export const HostLeaderboardEntrySchema = /* @__PURE__ */ (() => z.object({
  rank: z.number().int().min(1), name: z.string().min(1).max(HOST_LIMITS.displayNameMax), value: z.number().int().nonnegative(), self: z.boolean(),
}))();

/** Each call's `value` when `done`. */
export const HostCallValueSchemas = /* @__PURE__ */ (() => ({
  capabilities: HostCapabilitiesSchema,
  invite: z.object({ roomId: RoomId, via: z.enum(['dialog', 'share', 'clipboard', 'portal']), link: z.url().max(2000).optional() }),
  party: PartySchema,
  setPresence: z.object({ shown: z.boolean() }),
  showAd: z.object({ kind: AdKind, rewarded: z.boolean().optional() }),
  locale: z.object({ locale: Locale, country: z.string().regex(/^[A-Z]{2}$/).optional() }),
  happyTime: z.object({ celebrated: z.literal(true) }),
  products: z.object({ host: z.enum(HOST_NAMES), products: z.array(HostProductSchema).max(HOST_LIMITS.products) }),
  purchase: z.object({ productId: HostProductId, tripcoins: Tripcoins, balance: Balance }),
  gameplay: z.object({ state: z.enum(GAMEPLAY_STATES), playing: z.boolean() }),
  leaderboard: z.object({
    stat: z.string().min(1).max(20), period: z.enum(['week', 'all']), scope: z.enum(['global', 'clan', 'friends']),
    rank: z.number().int().nonnegative(), value: z.number().int().nonnegative(), total: z.number().int().nonnegative(),
    top: z.array(HostLeaderboardEntrySchema).max(HOST_LIMITS.leaderboardTop),
  }),
}) satisfies { [C in HostCallName]: z.ZodType<HostCallValues[C]> })();

const Cancelled = /* @__PURE__ */ (() => z.object({ status: z.literal('cancelled') }))();
const Unavailable = /* @__PURE__ */ (() => z.object({ status: z.literal('unavailable'), reason: z.string().min(1).max(HOST_LIMITS.reasonMax) }))();

/** The answer to one call, its value checked by that call's own schema. */
export function hostAnswerSchema<C extends HostCallName>(call: C) {
  return z.discriminatedUnion('status', [z.object({ status: z.literal('done'), value: HostCallValueSchemas[call] }), Cancelled, Unavailable]);
}

/** Any answer (the value only checked by the call it answers: see hostAnswerSchema). */
export const HostAnswerSchema = /* @__PURE__ */ (() => z.discriminatedUnion('status', [z.object({ status: z.literal('done'), value: z.unknown() }), Cancelled, Unavailable]))();

export const HostEventSchema = /* @__PURE__ */ (() => z.discriminatedUnion('type', [
  PartySchema.extend({ type: z.literal('party') }),
  z.object({ type: z.literal('joinRoom'), roomId: RoomId }),
  z.object({ type: z.literal('adStarted'), kind: AdKind }),
  z.object({ type: z.literal('adFinished'), kind: AdKind, rewarded: z.boolean().optional() }),
  z.object({ type: z.literal('happyTime'), active: z.boolean() }),
  z.object({ type: z.literal('chat'), enabled: z.boolean() }),
  z.object({ type: z.literal('locale'), locale: Locale }),
  z.object({ type: z.literal('storage'), persistent: z.boolean() }),
  z.object({ type: z.literal('purchase'), status: z.enum(['granted', 'reversed']), productId: HostProductId, tripcoins: Tripcoins, balance: Balance }),
  z.object({ type: z.literal('features'), features: FeatureFlagsSchema }),
]))();

// The schemas and the zod-free types agree (a change to one without the other does not compile).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(): T | undefined => undefined;
agree<Same<z.output<typeof HostCallSchema>, HostCall>>();
agree<Same<z.output<typeof HostEventSchema>, HostEvent>>();
agree<Same<z.output<typeof HostCapabilitiesSchema>, HostCapabilities>>();
agree<Same<z.output<typeof PartySchema>, Party>>();
agree<Same<z.output<typeof HostProductSchema>, HostProduct>>();

/** The name of a call's request, where it is one we know (for a reason naming what is wrong). */
function callName(request: unknown): string | null {
  if (typeof request !== 'object' || request === null) return null;
  const call = (request as { call?: unknown }).call;
  return typeof call === 'string' && (HOST_CALLS as readonly string[]).includes(call) ? call : null;
}

/**
 * Reads a request from the game: the HostCall, or the reason it is not one (what is wrong with it,
 * by field), for an `unavailable` answer. Accepts the object or its JSON (the Unity side's form).
 */
export function parseHostCall(request: unknown): { ok: true; call: HostCall } | { ok: false; reason: string } {
  let value = request;
  if (typeof request === 'string') {
    try { value = JSON.parse(request); } catch { return { ok: false, reason: 'malformed request: not JSON' }; }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'malformed request: expected an object {call, ...}' };
  if (callName(value) === null) return { ok: false, reason: `malformed request: call must be one of ${HOST_CALLS.join(', ')}` };
  const parsed = HostCallSchema.safeParse(value);
  if (parsed.success) return { ok: true, call: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'request';
  const text = `malformed ${callName(value)} request: ${where}: ${issue?.message ?? 'invalid'}`;
  return { ok: false, reason: text.slice(0, HOST_LIMITS.reasonMax) };
}

/** Reads a HostEvent (the demo game's side; tests). Null for anything else. */
export function parseHostEvent(argument: unknown): HostEvent | null {
  let value = argument;
  if (typeof argument === 'string') {
    try { value = JSON.parse(argument); } catch { return null; }
  }
  const parsed = HostEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Reads an answer to `call` (the demo game's side; tests): null when it is not one. */
export function parseHostAnswer<C extends HostCallName>(call: C, answer: unknown): HostAnswer<C> | null {
  const parsed = hostAnswerSchema(call).safeParse(answer);
  return parsed.success ? (parsed.data as HostAnswer<C>) : null;
}
