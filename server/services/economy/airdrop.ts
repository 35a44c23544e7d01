// The Technical Difficulties airdrop. Eligibility is configuration: AIRDROP_ENABLED,
// and AIRDROP_ACCOUNTS_CREATED_BEFORE (only accounts made before that instant; unset: every
// account). One claim per account: 1 Base Set II Crate and 1 Technical Difficulties, from the mint.
import { AIRDROP_TEXT } from '../../../contract/accounts';
import { ITEM_IDS } from '../../../contract/items';
import type { Config } from '../../config';
import type { Executor, Trx } from '../../db/tx';
import { conflict, forbidden } from '../errors';
import { catalogueItem } from './catalogue';
import { MINT, playerAccount, post } from './ledger';

type AirdropConfig = Pick<Config, 'AIRDROP_ENABLED' | 'AIRDROP_ACCOUNTS_CREATED_BEFORE'>;
const AIRDROP_REASON = 'airdrop:technical-difficulties';
const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

export async function airdropStatus(db: Executor, config: AirdropConfig, userId: string) {
  const [me, claim] = await Promise.all([
    db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('airdrop_claims').select('claimed_at').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  const cutoff = config.AIRDROP_ACCOUNTS_CREATED_BEFORE ? new Date(config.AIRDROP_ACCOUNTS_CREATED_BEFORE) : null;
  const eligible = config.AIRDROP_ENABLED && (!cutoff || new Date(me.created_at) < cutoff);
  if (claim) return { eligible, claimed: true, message: AIRDROP_TEXT.alreadyClaimed, claimedAt: seconds(claim.claimed_at), reward: await airdropReward(db, userId) };
  return { eligible, claimed: false, message: !config.AIRDROP_ENABLED ? AIRDROP_TEXT.closed : eligible ? AIRDROP_TEXT.eligible : AIRDROP_TEXT.notEligible, claimedAt: null };
}

/** What the claim gave the player, from the ledger's rows of it. */
export async function airdropReward(db: Executor, userId: string) {
  const rows = await db.selectFrom('ledger').select(['asset', 'amount']).where('to_account', '=', playerAccount(userId))
    .where('reason', '=', AIRDROP_REASON).orderBy('id').execute();
  return rows.map((r) => ({ itemUuid: r.asset, name: catalogueItem(r.asset)?.name ?? r.asset, quantity: Number(r.amount) }));
}

/** Claims the airdrop for `userId`: when it was claimed (seconds). */
export async function claimAirdrop(trx: Trx, config: AirdropConfig, userId: string): Promise<number> {
  const status = await airdropStatus(trx, config, userId);
  if (status.claimed) throw conflict(AIRDROP_TEXT.alreadyClaimed, 'ALREADY_CLAIMED');
  if (!status.eligible) throw forbidden(status.message, 'NOT_ELIGIBLE');
  const claim = await trx.insertInto('airdrop_claims').values({ user_id: userId, airdrop: 'technical-difficulties' })
    .onConflict((oc) => oc.doNothing()).returning('claimed_at').executeTakeFirst();
  if (!claim) throw conflict(AIRDROP_TEXT.alreadyClaimed, 'ALREADY_CLAIMED');
  const to = playerAccount(userId);
  await post(trx, {
    reason: AIRDROP_REASON, ref: userId,
    legs: [ITEM_IDS.baseSetIICrate, ITEM_IDS.technicalDifficulties].map((item) => ({ asset: item, from: MINT, to, amount: 1n })),
  });
  return seconds(claim.claimed_at);
}
