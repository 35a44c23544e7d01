// Wallets linked by Sign-In with Ethereum: a single-use nonce message, its signature
// checked against the exact message issued, one player per wallet, and a preferred address that
// falls back to the first remaining wallet.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { WALLET_TEXT } from '../../../contract/accounts';
import { attempt, isUniqueViolation, type Executor, type Trx } from '../../db/tx';
import { conflict, invalid, notFound } from '../errors';

const lower = (address: string) => address.toLowerCase();
const NONCE_MINUTES = 10;
/** A player's nonces kept at most: issuing another drops the oldest. A page asks one per link
 * attempt; without a cap a script could fill the table between two prunings. */
export const WALLET_NONCES_PER_PLAYER = 5;

export async function walletList(db: Executor, userId: string) {
  const [rows, me] = await Promise.all([
    db.selectFrom('wallets').select('address').where('user_id', '=', userId).orderBy('linked_at').orderBy('address').execute(),
    db.selectFrom('users').select('preferred_address').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const preferred = me.preferred_address;
  const sorted = [...rows].sort((x, y) => Number(y.address === preferred) - Number(x.address === preferred));
  return { modular_wallets: sorted.map((r) => ({ address: getAddress(r.address) })), preferred_address: preferred ? getAddress(preferred) : null };
}

/** A single-use message for `address` to sign, for this site (`origin`). */
export async function issueWalletNonce(trx: Trx, userId: string, input: { address: string; chainId: number }, origin: string) {
  const nonce = randomBytes(16).toString('hex');
  const url = new URL(origin);
  const expires = new Date(Date.now() + NONCE_MINUTES * 60_000);
  const message = createSiweMessage({
    address: getAddress(input.address), chainId: input.chainId, domain: url.host, nonce, uri: url.origin, version: '1',
    statement: 'Link this wallet to your TripShell account.', issuedAt: new Date(), expirationTime: expires,
  });
  await trx.insertInto('wallet_nonces').values({ nonce, user_id: userId, address: lower(input.address), message, expires_at: expires }).execute();
  // The newest WALLET_NONCES_PER_PLAYER stay (a used or expired one is worth nothing anyway).
  await sql`DELETE FROM wallet_nonces WHERE user_id = ${userId} AND nonce NOT IN (
    SELECT nonce FROM wallet_nonces WHERE user_id = ${userId} ORDER BY expires_at DESC, nonce LIMIT ${WALLET_NONCES_PER_PLAYER})`.execute(trx);
  return { nonce, message };
}

/** Spends the nonce of `message` (refused or not, it works once); the address it was issued for. */
export async function spendWalletNonce(trx: Trx, userId: string, message: string): Promise<string> {
  const fields = parseSiweMessage(message);
  if (!fields.nonce || !fields.address) throw invalid(WALLET_TEXT.badSignature, 'BAD_SIWE');
  const issued = await trx.updateTable('wallet_nonces').set({ used_at: sql`now()` })
    .where('nonce', '=', fields.nonce).where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .returning(['address', 'message']).executeTakeFirst();
  if (!issued) throw invalid(WALLET_TEXT.nonceUsed, 'NONCE_USED');
  // The exact message we issued must be what was signed: no field can be swapped.
  if (issued.message !== message) throw invalid(WALLET_TEXT.badSignature, 'BAD_SIWE');
  return issued.address;
}

/** Throws unless `signature` of `message` comes from `address`. */
export async function checkSignature(address: string, message: string, signature: string): Promise<void> {
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message, signature: signature as `0x${string}` });
  } catch {
    throw invalid(WALLET_TEXT.badSignature, 'BAD_SIGNATURE');
  }
  if (lower(signer) !== address) throw invalid(WALLET_TEXT.badSignature, 'BAD_SIGNATURE');
}

/** Links a proven wallet (the first becomes the preferred address); the player's wallets. */
export async function linkWallet(trx: Trx, userId: string, address: string) {
  const existing = await trx.selectFrom('wallets').select('user_id').where('address', '=', address).executeTakeFirst();
  if (existing && existing.user_id !== userId) throw conflict(WALLET_TEXT.linkedElsewhere, 'WALLET_LINKED_ELSEWHERE');
  if (!existing) {
    try {
      await attempt(trx, () => trx.insertInto('wallets').values({ address, user_id: userId }).execute());
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(WALLET_TEXT.linkedElsewhere, 'WALLET_LINKED_ELSEWHERE');
      throw error;
    }
  }
  await trx.updateTable('users').set({ preferred_address: address }).where('id', '=', userId).where('preferred_address', 'is', null).execute();
  return walletList(trx, userId);
}

/** Unlinks one of the player's wallets; the preferred address falls back to the first remaining one. */
export async function unlinkWallet(trx: Trx, userId: string, address: string) {
  const removed = await trx.deleteFrom('wallets').where('address', '=', lower(address)).where('user_id', '=', userId).returning('address').executeTakeFirst();
  if (!removed) throw notFound(WALLET_TEXT.notLinked);
  const me = await trx.selectFrom('users').select('preferred_address').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  if (me.preferred_address === removed.address || me.preferred_address === null) {
    const next = await trx.selectFrom('wallets').select('address').where('user_id', '=', userId).orderBy('linked_at').orderBy('address').executeTakeFirst();
    await trx.updateTable('users').set({ preferred_address: next?.address ?? null }).where('id', '=', userId).execute();
  }
  return walletList(trx, userId);
}
