// The ledger's accounts (every holder of coins or items: players, escrows, shops, sinks, the
// mint), what a posting is made of, and its refusal. The postings themselves are in ledger.ts.
import { sql } from 'kysely';
import type { AccountKind } from '../../db/schema';
import type { Executor } from '../../db/tx';
import { DomainError } from '../errors';

export const MINT = 'mint';
export const COINS = 'TC';

export const playerAccount = (userId: string) => `player:${userId}`;

/** The coins a host sold for real money come from its revenue account (server/services/purchases/ledger.ts). */
export const revenueAccount = (host: string) => `revenue:${host}`;

/** The accounts that pay from nothing, below zero: the mint and the hosts' revenue accounts
 * (value from outside the game). Every other debit needs the balance to cover it. */
export const mayGoBelowZero = (account: string) => account === MINT || account.startsWith('revenue:');

export class InsufficientFunds extends DomainError {
  constructor(readonly asset: string, readonly account: string, message = asset === COINS ? 'Insufficient TripCoins' : 'Not enough items') {
    super('conflict', message, 'INSUFFICIENT_FUNDS');
  }
}

export interface Leg {
  /** 'TC' (COINS) or an item uuid. */
  asset: string;
  from: string;
  to: string;
  /** Hundredths of a TripCoin for 'TC'; units for an item uuid. */
  amount: bigint;
  /** Defaults to the posting's. */
  reason?: string;
  ref?: string | null;
}

export interface Posting {
  reason: string;
  ref?: string | null;
  /** Groups the rows of one business operation; one is made when omitted. */
  txId?: string;
  legs: Leg[];
  /** Player accounts to open first if missing (their user ids), in the same statement on the short path. */
  openPlayers?: string[];
  /** Accounts this posting may take below zero (coins only). Only the reversal of a refunded
   * purchase names one: the player's, whose spent coins become a debt. */
  overdraw?: readonly string[];
}

export interface Movement {
  from: string;
  to: string;
  /** Hundredths of a TripCoin for 'TC'; units for an item uuid. */
  amount: bigint;
  reason: string;
  ref?: string | null;
  txId?: string;
}

/** The account and its coin balance, made when missing, in one statement. */
export async function openAccount(trx: Executor, id: string, kind: AccountKind, userId: string | null = null): Promise<void> {
  await sql`WITH a AS (INSERT INTO value_accounts (id, kind, user_id) VALUES (${id}, ${kind}, ${userId}) ON CONFLICT DO NOTHING)
    INSERT INTO coin_balances (account_id, balance) VALUES (${id}, 0) ON CONFLICT DO NOTHING`.execute(trx);
}

/** openAccount for several accounts of one kind, in one statement. */
export async function openAccounts(trx: Executor, ids: readonly string[], kind: AccountKind): Promise<void> {
  if (!ids.length) return;
  await sql`WITH a AS (INSERT INTO value_accounts (id, kind) VALUES ${sql.join(ids.map((id) => sql`(${id}, ${kind})`))} ON CONFLICT DO NOTHING)
    INSERT INTO coin_balances (account_id, balance) VALUES ${sql.join(ids.map((id) => sql`(${id}, 0)`))} ON CONFLICT DO NOTHING`.execute(trx);
}

export async function openPlayerAccount(trx: Executor, userId: string): Promise<string> {
  const id = playerAccount(userId);
  await openAccount(trx, id, 'player', userId);
  return id;
}
