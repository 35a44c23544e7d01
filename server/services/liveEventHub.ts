// This process's open event streams, by player, and the one LISTEN that feeds them: a published
// event (services/liveEvents.ts) arrives once per process and is handed in memory to that
// player's streams here; a process with no open stream only parses and drops the notification.
import type { LiveEventEnvelope } from '../../contract/liveEvents';
import type { Listen, Listening } from '../db/notifications';
import { LIVE_EVENTS_CHANNEL, parseNotification } from './liveEvents';

export interface LiveSubscriber {
  deliver(envelope: LiveEventEnvelope): void;
  /** The listener was down: read from the table what may have been missed. */
  resync(): void;
  /** The process is closing: end the stream (the client reconnects elsewhere). */
  end(): void;
}

export class LiveEventHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private streams = 0;
  private listening: Listening | null = null;
  private wasDown = false;

  constructor(private readonly log: { warn(o: object, m: string): void }) {}

  /** Open streams in this process (the metrics' gauge). */
  get open(): number { return this.streams; }

  start(listen: Listen): Promise<void> {
    this.listening = listen(LIVE_EVENTS_CHANNEL, {
      message: (payload) => this.dispatch(payload),
      down: (error) => { this.wasDown = true; this.log.warn({ err: error }, 'live events listener down; reconnecting'); },
      up: () => { if (this.wasDown) { this.wasDown = false; this.resyncAll(); } },
    });
    return this.listening.started;
  }

  async stop(): Promise<void> { await this.listening?.close(); }

  /** Streams this player has open in this process. */
  countFor(userId: string): number { return this.byUser.get(userId)?.size ?? 0; }

  /** Ends every open stream (before the server closes, which waits for its connections). */
  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.end();
  }

  subscribe(userId: string, subscriber: LiveSubscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) { set = new Set(); this.byUser.set(userId, set); }
    set.add(subscriber);
    this.streams++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.streams--;
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  dispatch(payload: string): void {
    if (this.byUser.size === 0) return;
    const note = parseNotification(payload);
    if (!note) return;
    for (const subscriber of this.byUser.get(note.userId) ?? []) subscriber.deliver(note.envelope);
  }

  private resyncAll(): void {
    for (const set of this.byUser.values()) for (const subscriber of set) subscriber.resync();
  }
}
