// The marketplace's listing pages, kept in this process between changes (a listings
// read cost three queries and ran at 0.04× a bare route). A page is read from the database once,
// then answered from memory until the market changes:
//  - every change to market_listings, and a player's new name, sends a NOTIFY on MARKET_CHANNEL
//    when its transaction commits (a trigger, migration 015: whoever writes, from any process);
//    this process LISTENs and drops every page it holds;
//  - a change committed by this process drops them at once too (afterCommit, before the
//    notification arrives), so a player who lists, buys or cancels sees it in their next read;
//  - the listener down (PostgreSQL restarting): no page is kept, every read goes to the database,
//    until it is back (and what it missed no longer matters: the pages were dropped);
//  - time: a page is kept until the first listing on the market is due to expire (the sweep
//    then runs as before) and MAX_AGE_MS at most.
// A page read while a change committed is not kept (its version is older than the cache's).
// What a page holds is the anonymous answer; a signed-in reader gets their own listings marked.
import type { MarketListing } from '../../../contract/marketplace';
import type { Listen, Listening } from '../../db/notifications';
import { afterCommit, type Executor, type Trx } from '../../db/tx';
import { toDate } from '../../db/values';

export const MARKET_CHANNEL = 'tripshell_market';
/** A page is read again after this long whatever happens (a safety net; changes drop it sooner). */
export const MAX_AGE_MS = 5_000;
/** Pages kept at most (page × size × sort × item filter): past it, the cache starts over. */
const MAX_PAGES = 500;

export interface ListingsAnswer { listings: MarketListing[]; page: number; page_size: number; total: number; total_pages: number }
export interface ListingsQuery { page: number; page_size: number; sort: 'price_asc' | 'price_desc' | 'newest'; itemUuid?: string | undefined }

interface Page { version: number; expires: number; answer: ListingsAnswer }

/** Every cache in this process (tests run several apps in one): a local commit drops them all. */
const caches = new Set<ListingsCache>();

/** Tells this process's listing caches that `trx` changed the market, once it commits. Writers
 * through inTransaction call it; the trigger's NOTIFY covers everyone else. */
export function marketChanged(trx: Trx): void {
  afterCommit(trx, () => { for (const cache of caches) cache.changed(); });
}

export class ListingsCache {
  private version = 0;
  private live = false;
  private pages = new Map<string, Page>();
  /** When the first active listing ends (ms), as read at `dueVersion`; null: unknown. */
  private nextDue: { version: number; at: number } | null = null;
  private listening: Listening | null = null;

  constructor(private readonly log: { warn(o: object, m: string): void } | null = null) {}

  /** Starts listening; pages are kept only while the listener is up. */
  start(listen: Listen): Promise<void> {
    caches.add(this);
    this.listening = listen(MARKET_CHANNEL, {
      message: () => this.changed(),
      up: () => { this.changed(); this.live = true; },
      down: (error) => { this.live = false; this.changed(); this.log?.warn({ err: error }, 'market listener down; listings read from the database'); },
    });
    return this.listening.started;
  }

  async stop(): Promise<void> {
    caches.delete(this);
    this.live = false;
    await this.listening?.close();
  }

  changed(): void {
    this.version++;
    this.pages.clear();
    this.nextDue = null;
  }

  /** True when no active listing can be due yet (the expiry sweep has nothing to do). */
  nothingDue(now = Date.now()): boolean {
    return this.live && this.nextDue !== null && this.nextDue.version === this.version && now < this.nextDue.at;
  }

  /**
   * A page of active listings, from memory when this process holds it. `read` fetches the
   * anonymous answer and when the first active listing ends (null: none).
   */
  async page(callerId: string | null, q: ListingsQuery, read: () => Promise<{ answer: ListingsAnswer; firstEnd: Date | string | null }>): Promise<ListingsAnswer> {
    const now = Date.now();
    const key = `${q.sort}|${q.page}|${q.page_size}|${q.itemUuid?.toLowerCase() ?? ''}`;
    let page = this.pages.get(key);
    if (!page || !this.live || page.version !== this.version || now >= page.expires) {
      const version = this.version;
      const { answer, firstEnd } = await read();
      const due = firstEnd === null ? Number.POSITIVE_INFINITY : (toDate(firstEnd)?.getTime() ?? 0);
      page = { version, expires: Math.min(now + MAX_AGE_MS, due), answer };
      // Kept only when nothing changed while it was read (and the listener is up).
      if (this.live && version === this.version) {
        if (this.pages.size >= MAX_PAGES) this.pages.clear();
        this.pages.set(key, page);
        this.nextDue = { version, at: due };
      }
    }
    const { answer } = page;
    if (!callerId || !answer.listings.some((l) => l.seller_uuid === callerId)) return answer;
    return { ...answer, listings: answer.listings.map((l) => (l.seller_uuid === callerId ? { ...l, isOwnListing: true } : l)) };
  }
}

/** When the first active listing ends (null: none): the sweep's next work. */
export async function firstListingEnd(db: Executor): Promise<Date | string | null> {
  const row = await db.selectFrom('market_listings').select((eb) => eb.fn.min('end_time').as('first'))
    .where('status', '=', 'active').executeTakeFirst();
  return (row?.first as Date | string | null | undefined) ?? null;
}
