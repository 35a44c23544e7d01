// One LISTEN per process on a channel, for both databases (DbHandle.listen):
// - PostgreSQL: a dedicated client (not one of the pool's), reconnecting every second while down;
//   `down`/`up` tell the caller, who must assume it missed what was sent meanwhile;
// - PGlite: its own listen() on the one in-process connection, taken while no transaction holds
//   it (one process: what it hears is all there is, and it is never down).
// NOTIFY inside a transaction is delivered when the transaction commits, never when it rolls back.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';

export interface ListenHandlers {
  message(payload: string): void;
  /** The listener is (again) connected: what was sent while it was down was missed. */
  up?(): void;
  down?(error: unknown): void;
}
export interface Listening { started: Promise<void>; close(): Promise<void> }
export type Listen = (channel: string, handlers: ListenHandlers) => Listening;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function postgresListen(connectionString: string): Listen {
  return (channel, handlers) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | null = null;
    const down = (error: unknown) => {
      const dead = client;
      client = null;
      dead?.removeAllListeners();
      void dead?.end().catch(() => undefined);
      if (closed) return;
      handlers.down?.(error);
      retry ??= setTimeout(() => { retry = null; void connect(); }, 1_000);
    };
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      client = next;
      next.on('error', down);
      next.on('end', () => { if (client === next) down(new Error('connection ended')); });
      next.on('notification', (m) => { if (m.channel === channel) handlers.message(m.payload ?? ''); });
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (closed) { await next.end(); return; }
        handlers.up?.();
      } catch (error) {
        if (client === next) down(error);
      }
    };
    return {
      started: connect(),
      close: async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        const last = client;
        client = null;
        last?.removeAllListeners();
        await last?.end().catch(() => undefined);
      },
    };
  };
}

export function pgliteListen(client: PGlite, db: Kysely<never>): Listen {
  return (channel, handlers) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let stop: (() => Promise<void>) | null = null;
    let closed = false;
    // Through the dialect's connection lease: a LISTEN run inside someone's open transaction
    // would be undone by its rollback.
    const started = db.connection().execute(async () => {
      stop = await client.listen(channel, (payload) => { if (!closed) handlers.message(payload); });
      handlers.up?.();
    });
    return {
      started,
      close: async () => {
        closed = true;
        await started.catch(() => undefined);
        const s = stop as (() => Promise<void>) | null;
        if (s) await db.connection().execute(() => s()).catch(() => undefined);
      },
    };
  };
}
