// Live events: what the server tells a signed-in player's open page while they look.
// One Server-Sent Events stream per page at LIVE_EVENTS_PATH; each message is one LiveEvent as
// JSON in `data:`, its `event:` field is the type and its `id:` resumes after a reconnect
// (Last-Event-ID). Published by the services where things happen (server/services/live/liveEvents.ts).
import { z } from 'zod';
import { PURCHASE_HOSTS, ProductId } from './purchases';

export const LIVE_EVENTS_PATH = '/api/events';
/** A comment line is sent this often so proxies (Discord's, the portal's) keep the stream open. */
export const LIVE_EVENTS_HEARTBEAT_MS = 20_000;
/** The `event:` name of the block a stopping server ends a stream with: reconnect after the
 * block's `retry:` (milliseconds), not after the usual backoff; the next process resumes. */
export const LIVE_EVENTS_RECONNECT = 'reconnect';
/** How long a published event can still be resumed with Last-Event-ID. */
export const LIVE_EVENTS_RETENTION_MINUTES = 10;

const Amount = z.number().nonnegative();
const Text = z.string().max(200);

export const LiveEvent = z.discriminatedUnion('type', [
  /** Your listing sold: `price` in TripCoins. */
  z.object({ type: z.literal('listingSold'), listingId: z.string(), itemUuid: z.string(), itemName: Text, quantity: z.number().int().positive(), price: Amount }),
  /** Someone (a player, or the game) gave you coins. */
  z.object({ type: z.literal('coinsReceived'), from: Text, amount: Amount }),
  /** The game awarded you coins (POST /api/server/award): every screen showing a balance reads it again. */
  z.object({ type: z.literal('coinsAwarded'), amount: Amount }),
  /** A player sent you items. */
  z.object({ type: z.literal('itemReceived'), from: Text, itemUuid: z.string(), itemName: Text, quantity: z.number().int().positive() }),
  /** A clan invited you: `invitedBy` is the username of its admin who sent the invite. */
  z.object({ type: z.literal('clanInvite'), clanId: z.string(), clanName: Text, invitedBy: Text }),
  /** A player joined a clan (an invite or a request accepted): told to its admin and to them. */
  z.object({ type: z.literal('clanAccept'), clanId: z.string(), clanName: Text, username: Text }),
  /** A player asked to join your clan (told to the clan's admin). */
  z.object({ type: z.literal('clanJoinRequest'), clanId: z.string(), username: Text }),
  /** You were removed from a clan (or it was disbanded). */
  z.object({ type: z.literal('clanRemoval'), clanId: z.string(), clanName: Text }),
  /** A member left your clan (told to the clan's admin, whose member list drops them at once). */
  z.object({ type: z.literal('clanLeft'), clanId: z.string(), clanName: Text, username: Text }),
  /** Your account was banned: the page signs out. `message` (here and in the studio's other
   * events) is what the admin wrote for the player, '' when nothing: never the internal reason,
   * which stays in the audit log. */
  z.object({ type: z.literal('banned'), message: Text }),
  /** The studio reversed a posting on your account (in part: only what you still held). */
  z.object({ type: z.literal('adminReversal'), partial: z.boolean(), message: Text }),
  /** The studio granted (or removed) coins or items: `amount` as the console wrote it (TripCoins
   * or a count), `assetName` what it was. */
  z.object({ type: z.literal('adminGrant'), direction: z.enum(['grant', 'remove']), amount: z.string().max(40), assetName: Text, message: Text }),
  /** The studio cancelled your listing; the items are back in your inventory. */
  z.object({ type: z.literal('listingCancelled'), listingId: z.string(), itemName: Text, quantity: z.number().int().positive(), message: Text }),
  /** A TripCoin pack you bought was granted (also when it completes after the purchase flow
   * closed): `balance` in TripCoins after it. */
  z.object({ type: z.literal('purchaseGranted'), purchaseId: z.string(), productId: ProductId, tripcoins: z.number().int().positive(), host: z.enum(PURCHASE_HOSTS), balance: z.number() }),
  /** A purchase was refunded or charged back: its coins were taken back; `debt` in TripCoins is
   * what you could no longer pay (0 when none), `balance` may be below zero by that much. */
  z.object({ type: z.literal('purchaseReversed'), purchaseId: z.string(), productId: ProductId, tripcoins: z.number().int().positive(), host: z.enum(PURCHASE_HOSTS), balance: z.number(), debt: Amount }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES = LiveEvent.options.map((o) => o.shape.type.value) as LiveEventType[];

/** An event as it travels: its resumable id (a decimal string) and the event. */
export const LiveEventEnvelope = z.object({ id: z.string().regex(/^\d{1,19}$/), event: LiveEvent });
export type LiveEventEnvelope = z.infer<typeof LiveEventEnvelope>;

/** The largest event id (ids are PostgreSQL int8). */
const MAX_EVENT_ID = 2n ** 63n - 1n;

/** Last-Event-ID as the server accepts it: a decimal id within int8, else null (a bad value). */
export function parseLastEventId(raw: unknown): bigint | null {
  if (typeof raw !== 'string' || !/^\d{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id <= MAX_EVENT_ID ? id : null;
}

/** What the shell shows for each event (plain English, one place: the translation moves these
 * into catalogues). */
export const LIVE_TEXT = {
  listingSold: (item: string, price: string) => `Your ${item} sold for Ŧ${price}`,
  coinsReceived: (from: string, amount: string) => `${from} sent you Ŧ${amount}`,
  coinsAwarded: (amount: string) => `You earned Ŧ${amount} in the game`,
  itemReceived: (from: string, item: string, quantity: number) => `${from} sent you ${quantity === 1 ? '' : `${quantity} × `}${item}`,
  clanInvite: (username: string, clan: string) => `${username} invited you to join ${clan}`,
  /** The invite toast's action: opens the clans section, where the pending invites are. */
  clanInviteOpen: 'See invites',
  clanAccept: (username: string, clan: string) => `${username} joined ${clan}`,
  clanJoinRequest: (username: string) => `${username} asked to join your clan`,
  clanRemoval: (clan: string) => `You are no longer a member of ${clan}`,
  clanLeft: (username: string, clan: string) => `${username} left ${clan}`,
  banned: 'Your account was banned. You have been signed out.',
  adminReversal: 'The studio reversed a transaction on your account',
  adminReversalPartial: 'The studio reversed part of a transaction on your account',
  adminGranted: (amount: string, asset: string) => `The studio gave you ${amount} ${asset}`,
  adminRemoved: (amount: string, asset: string) => `The studio removed ${amount} ${asset} from your account`,
  listingCancelled: (quantity: number, item: string) => `Your listing of ${quantity === 1 ? '' : `${quantity} × `}${item} was cancelled by the studio; the items are back in your inventory`,
  /** The admin's own words for the player, shown under the sentence above when there are any. */
  studioMessage: (message: string) => `Message from the studio: ${message}`,
  purchaseGranted: (tripcoins: string) => `Your purchase of Ŧ${tripcoins} is in your balance`,
  purchaseReversed: (tripcoins: string) => `A refunded purchase of Ŧ${tripcoins} was taken back from your balance`,
  purchaseReversedDebt: (tripcoins: string, debt: string) => `A refunded purchase of Ŧ${tripcoins} was taken back; you owe Ŧ${debt}, repaid from the next TripCoins you earn`,
} as const;
