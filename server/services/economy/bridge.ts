// The Mythical Bridge outbox.
//
// finalize():  [tx] burn the ticket (ledger: player -> sink:bridge) + outbox row 'pending', in the
//              route's transaction, committed before anything goes to the chain
//              [send lock] sign -> store raw tx + hash ('signed') -> broadcast ('sent')
// The outbox row also keeps the request's Idempotency-Key (claimed in the burn's transaction: a
// concurrent duplicate waits on it), so a retry resumes that transfer and answers its state.
// A failure before the chain accepted anything (no RPC, a revert while estimating, an explicit
// rejection) returns the ticket in one transaction ('failed'). A crash or an ambiguous network
// error after signing leaves 'signed': resume() only ever rebroadcasts that same raw transaction,
// so the token is never sent twice and the record is never lost. resume() runs at every start.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Hex } from 'viem';
import { BRIDGE_TEXT } from '../../../contract/bridge';
import { ITEM_IDS } from '../../../contract/items';
import type { Db, DbKind } from '../../db/createDb';
import { attempt, isUniqueViolation, type RunInTransaction, type Trx } from '../../db/tx';
import { conflict, invalid, unavailable, upstreamRejected } from '../errors';
import { KEY_REUSED } from '../system/idempotency';
import { ChainRejected, ChainUnavailable, type ChainSender } from '../../providers/chain';
import { InsufficientFunds, moveItems, openAccount, playerAccount } from './ledger';
import { refuseWhileInDebt } from '../purchases/ledger';

export const BRIDGE_SINK = 'sink:bridge';
const LOCK_ID = 740_221_913;

export interface TransferView { id: string; status: string; txHash: string | null }

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(() => undefined, () => undefined);
    return result;
  }
}

export class Bridge {
  private readonly mutex = new Mutex();
  /** `transaction`: the route layer's, for the refunds the outbox itself decides (after a chain failure). */
  constructor(private readonly db: Db, private readonly dbKind: DbKind, private readonly chain: ChainSender, private readonly transaction: RunInTransaction) {}

  /** Signing and broadcasting one at a time across every API process (nonces are sequential). */
  private withSendLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      if (this.dbKind === 'pglite') return fn();
      return this.db.connection().execute(async (conn) => {
        await sql`SELECT pg_advisory_lock(${LOCK_ID})`.execute(conn);
        try { return await fn(); } finally { await sql`SELECT pg_advisory_unlock(${LOCK_ID})`.execute(conn); }
      });
    });
  }

  /** The transfer an earlier request with this key started (another wallet under it: 409). */
  private async prior(trx: Trx, userId: string, destination: string, idempotencyKey: string) {
    const prior = await trx.selectFrom('bridge_transfers').select(['id', 'destination']).where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    // The same key for another wallet is another request: refused as every endpoint refuses it.
    if (prior && prior.destination !== destination.toLowerCase()) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    return prior;
  }

  /** Step 1, in the caller's transaction: record the transfer (claiming the key) and burn the ticket. */
  async burn(trx: Trx, userId: string, destination: string, idempotencyKey: string | null, refuseHeld?: () => Promise<void>): Promise<{ id: string; existing: boolean }> {
    const earlier = idempotencyKey ? await this.prior(trx, userId, destination, idempotencyKey) : undefined;
    if (earlier) return { id: earlier.id, existing: true };
    await refuseWhileInDebt(trx, userId);
    // A transfer already started resumes above; a new one waits out the player's holds.
    await refuseHeld?.();
    const id = randomUUID();
    try {
      await attempt(trx, () => trx.insertInto('bridge_transfers').values({ id, user_id: userId, destination: destination.toLowerCase(), status: 'pending', idempotency_key: idempotencyKey }).execute());
    } catch (error) {
      // A concurrent request with this key committed first: its transfer is this request's.
      const raced = idempotencyKey && isUniqueViolation(error) ? await this.prior(trx, userId, destination, idempotencyKey) : undefined;
      if (raced) return { id: raced.id, existing: true };
      throw error;
    }
    await openAccount(trx, BRIDGE_SINK, 'sink');
    try {
      await moveItems(trx, ITEM_IDS.mythicalTicket, { from: playerAccount(userId), to: BRIDGE_SINK, amount: 1n, reason: 'bridge:burn', ref: id, txId: id });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw invalid(BRIDGE_TEXT.noTicket, 'NO_TICKET');
      throw error;
    }
    return { id, existing: false };
  }

  /** Gives the ticket back and closes the row; only for transfers the chain never accepted. */
  private async refund(id: string, reason: string): Promise<void> {
    await this.transaction(async (trx) => {
      const row = await trx.updateTable('bridge_transfers').set({ status: 'failed', error: reason.slice(0, 500), updated_at: sql`now()` })
        .where('id', '=', id).where('status', 'in', ['pending', 'signed']).returning('user_id').executeTakeFirst();
      if (!row) return;
      // The ticket comes back once: an admin's reversal of the burn claims this same row
      // (services/economy/reversals.ts), and whichever commits first gives it.
      const claimed = await trx.insertInto('bridge_returns').values({ transfer_id: id, given_by: 'refund' })
        .onConflict((oc) => oc.column('transfer_id').doNothing()).returning('transfer_id').executeTakeFirst();
      if (!claimed) return;
      await moveItems(trx, ITEM_IDS.mythicalTicket, { from: BRIDGE_SINK, to: playerAccount(row.user_id), amount: 1n, reason: 'bridge:refund', ref: id });
    });
  }

  /** Steps 2-3 for one row: sign (if not yet), store, broadcast. Returns the row's view. */
  async process(id: string, options: { stopAfterSigning?: boolean } = {}): Promise<TransferView> {
    return this.withSendLock(async () => {
      const row = await this.db.selectFrom('bridge_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      let raw = row.raw_tx as Hex | null;
      let hash = row.tx_hash as Hex | null;
      if (row.status === 'pending') {
        // Transactions signed but not yet on chain hold their nonces: never reuse one.
        const held = await this.db.selectFrom('bridge_transfers').select(sql<string | number | null>`max(nonce)`.as('n')).where('status', '=', 'signed').executeTakeFirst();
        const minNonce = held?.n === null || held?.n === undefined ? 0 : Number(held.n) + 1;
        let signed;
        try {
          signed = await this.chain.sign(row.destination, minNonce);
        } catch (error) {
          await this.refund(id, (error as Error).message);
          if (error instanceof ChainRejected) throw upstreamRejected(BRIDGE_TEXT.rejected, 'CHAIN_REJECTED');
          if (error instanceof ChainUnavailable) throw unavailable(BRIDGE_TEXT.chainUnavailable, 'CHAIN_UNAVAILABLE');
          throw error;
        }
        await this.db.updateTable('bridge_transfers').set({ status: 'signed', raw_tx: signed.raw, tx_hash: signed.hash, nonce: signed.nonce, updated_at: sql`now()` })
          .where('id', '=', id).where('status', '=', 'pending').execute();
        raw = signed.raw;
        hash = signed.hash;
      }
      if (options.stopAfterSigning) return { id, status: 'signed', txHash: hash };
      if ((row.status === 'pending' || row.status === 'signed') && raw && hash) {
        const result = await this.chain.broadcast(raw);
        if (result === 'accepted') {
          await this.db.updateTable('bridge_transfers').set({ status: 'sent', updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'signed').execute();
        } else if (result === 'rejected') {
          // Rejected outright: if our hash is not on chain, the transfer never happened.
          if ((await this.chain.receipt(hash)) === null) {
            await this.refund(id, 'broadcast rejected');
            throw upstreamRejected(BRIDGE_TEXT.rejected, 'CHAIN_REJECTED');
          }
          await this.db.updateTable('bridge_transfers').set({ status: 'sent', updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'signed').execute();
        }
        // 'ambiguous': stays 'signed'; resume() rebroadcasts the same bytes later.
      }
      return this.view(id);
    });
  }

  async view(id: string): Promise<TransferView> {
    const row = await this.db.selectFrom('bridge_transfers').select(['id', 'status', 'tx_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id: row.id, status: row.status, txHash: row.tx_hash };
  }

  /**
   * One of `userId`'s transfers by its transaction hash (null when there is none: another
   * player's hash is as unknown as a made-up one). A sent transfer the chain has mined becomes
   * confirmed here, as resume() would do. A reverted one stays 'sent': what to do with it is
   * the operator's call, not a status poll's.
   */
  async statusOf(userId: string, txHash: string): Promise<TransferView | null> {
    const row = await this.db.selectFrom('bridge_transfers').select(['id', 'status', 'tx_hash'])
      .where('tx_hash', '=', txHash).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'sent' && await this.confirmIfMined(row.id, txHash)) return { id: row.id, status: 'confirmed', txHash };
    return { id: row.id, status: row.status, txHash: row.tx_hash };
  }

  /** Marks a sent transfer confirmed once its receipt says success; answers whether it is. */
  private async confirmIfMined(id: string, txHash: string): Promise<boolean> {
    if (await this.chain.receipt(txHash as Hex) !== 'success') return false;
    await this.db.updateTable('bridge_transfers').set({ status: 'confirmed', updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'sent').execute();
    return true;
  }

  /** Finishes whatever a crash or a network error left open; safe to run any number of times. */
  async resume(): Promise<number> {
    // Stored transactions go out first, in nonce order; new ones are signed after them.
    const open = await this.db.selectFrom('bridge_transfers').select(['id', 'status', 'tx_hash']).where('status', 'in', ['pending', 'signed', 'sent'])
      .orderBy(sql`CASE status WHEN 'signed' THEN 0 WHEN 'sent' THEN 1 ELSE 2 END`).orderBy('nonce').orderBy('created_at').execute();
    for (const row of open) {
      try {
        if (row.status === 'sent' && row.tx_hash) {
          await this.confirmIfMined(row.id, row.tx_hash);
          continue;
        }
        await this.process(row.id);
      } catch {
        // Left as it is (or refunded by process); the next resume looks again.
      }
    }
    return open.length;
  }
}
