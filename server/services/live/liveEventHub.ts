// This process's open event streams, by player, and the LISTENs that feed them: a published
// event (services/live/liveEvents.ts) arrives once per process and is handed in memory to that
// player's streams here; a process with no open stream only parses and drops the notification.
//
// The hub also owns the streams' caps and their end:
//  - a stream takes its slot with open() in one synchronous step (the count checked and taken
//    together), before the route awaits anything else, so concurrent requests can never open
//    more than a cap: per player, per address (an IPv6 client's /64) and per process;
//  - a revoked session (logout, logout everywhere, password change, a ban) ends its streams when
//    the revocation commits: the hub LISTENs on the revocation channel (every process, PGlite
//    too), and each stream first sends what its player was told in that same transaction (a
//    ban's 'banned' event), then ends. A stream whose slot is taken but not yet streaming ends
//    as soon as it subscribes.
import { z } from 'zod';
import type { LiveEventEnvelope } from '../../../contract/liveEvents';
import type { Listen, Listening } from '../../db/notifications';
import { LIVE_EVENTS_CHANNEL, parseNotification } from './liveEvents';
import { REVOCATION_CHANNEL, type Revocation } from '../accounts/sessions';

export interface LiveSubscriber {
  deliver(envelope: LiveEventEnvelope): void;
  /** The listener was down: read from the table what may have been missed. */
  resync(): void;
  /** End the stream: the process is closing (the client reconnects elsewhere). */
  end(): void;
  /** The session was revoked: send what is still owed, then end. */
  revoked(): void;
  /** Revocations may have been missed (the listener was down): check the session again. */
  recheck(): void;
}

export interface StreamLimits { perPlayer: number; perAddress: number; perProcess: number }
export type StreamRefusal = 'player' | 'address' | 'process';

/** One stream's place in the hub, taken by open() and given back by close(). */
export interface StreamSlot {
  /** Starts delivering to `subscriber` (an already revoked slot is revoked at once). */
  attach(subscriber: LiveSubscriber): void;
  /** Gives the slot back (idempotent). */
  close(): void;
}

const RevocationMessage = z.union([z.object({ sessionId: z.string() }), z.object({ userId: z.string() })]);

class Slot implements StreamSlot {
  subscriber: LiveSubscriber | null = null;
  revoked = false;
  closed = false;
  constructor(private readonly hub: LiveEventHub, readonly userId: string, readonly address: string, readonly sessionId: string) {}
  attach(subscriber: LiveSubscriber): void {
    // Closed before it could stream (endAll while its route was still reading where to start):
    // it ends now, or it would hold the closing server open.
    if (this.closed) { subscriber.end(); return; }
    this.subscriber = subscriber;
    if (this.revoked) subscriber.revoked();
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.subscriber = null;
    this.hub.release(this);
  }
}

export class LiveEventHub {
  private readonly byUser = new Map<string, Set<Slot>>();
  private readonly byAddress = new Map<string, number>();
  private streams = 0;
  private listening: Listening | null = null;
  private revocations: Listening | null = null;
  private wasDown = false;
  private revocationsWereDown = false;

  constructor(private readonly log: { warn(o: object, m: string): void }, private readonly limits: StreamLimits) {}

  /** Open streams in this process (the metrics' gauge). */
  get open(): number { return this.streams; }

  start(listen: Listen): Promise<void> {
    this.listening = listen(LIVE_EVENTS_CHANNEL, {
      message: (payload) => this.dispatch(payload),
      down: (error) => { this.wasDown = true; this.log.warn({ err: error }, 'live events listener down; reconnecting'); },
      up: () => { if (this.wasDown) { this.wasDown = false; this.each((s) => s.resync()); } },
    });
    this.revocations = listen(REVOCATION_CHANNEL, {
      message: (payload) => this.revoke(parseRevocation(payload)),
      down: (error) => { this.revocationsWereDown = true; this.log.warn({ err: error }, 'live events: revocation listener down; reconnecting'); },
      up: () => { if (this.revocationsWereDown) { this.revocationsWereDown = false; this.each((s) => s.recheck()); } },
    });
    return Promise.all([this.listening.started, this.revocations.started]).then(() => undefined);
  }

  async stop(): Promise<void> { await Promise.all([this.listening?.close(), this.revocations?.close()]); }

  /** Streams this player has open in this process. */
  countFor(userId: string): number { return this.byUser.get(userId)?.size ?? 0; }

  /**
   * Takes a stream's slot, or says which cap refuses it. Synchronous on purpose: the check and
   * the count are one step, so no other request can slip in between.
   */
  openSlot(userId: string, address: string, sessionId: string): StreamSlot | StreamRefusal {
    if (this.streams >= this.limits.perProcess) return 'process';
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.perPlayer) return 'player';
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address';
    const slot = new Slot(this, userId, address, sessionId);
    let set = this.byUser.get(userId);
    if (!set) { set = new Set(); this.byUser.set(userId, set); }
    set.add(slot);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.streams++;
    return slot;
  }

  /** Called by a slot's close(). */
  release(slot: Slot): void {
    const set = this.byUser.get(slot.userId);
    if (!set?.delete(slot)) return;
    if (set.size === 0) this.byUser.delete(slot.userId);
    const left = (this.byAddress.get(slot.address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(slot.address, left); else this.byAddress.delete(slot.address);
    this.streams--;
  }

  /** Ends every open stream (before the server closes, which waits for its connections). */
  endAll(): void {
    for (const set of [...this.byUser.values()]) {
      for (const slot of [...set]) { const s = slot.subscriber; if (s) s.end(); else slot.close(); }
    }
  }

  /** A committed revocation: the streams of that session (or that player) send what they still
   * owe and end; unknown or unreadable payloads make every stream check its session. */
  revoke(revocation: Revocation | null): void {
    if (!revocation) { this.each((s) => s.recheck()); return; }
    const slots = 'userId' in revocation
      ? [...(this.byUser.get(revocation.userId) ?? [])]
      : [...this.byUser.values()].flatMap((set) => [...set].filter((slot) => slot.sessionId === revocation.sessionId));
    for (const slot of slots) {
      slot.revoked = true;
      slot.subscriber?.revoked();
    }
  }

  dispatch(payload: string): void {
    if (this.byUser.size === 0) return;
    const note = parseNotification(payload);
    if (!note) return;
    for (const slot of this.byUser.get(note.userId) ?? []) slot.subscriber?.deliver(note.envelope);
  }

  private each(fn: (subscriber: LiveSubscriber) => void): void {
    for (const set of this.byUser.values()) for (const slot of set) if (slot.subscriber) fn(slot.subscriber);
  }
}

function parseRevocation(payload: string): Revocation | null {
  try {
    const parsed = RevocationMessage.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
