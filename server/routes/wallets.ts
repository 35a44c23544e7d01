// Wallets (Sign-In with Ethereum) and the Technical Difficulties airdrop.
import type { FastifyInstance } from 'fastify';
import * as a from '../../contract/accounts';
import { WALLET_TEXT } from '../../contract/accounts';
import { forbidden } from '../errors';
import { said } from '../../contract/texts';
import { route } from '../route';
import { ownOrigin } from '../http/origin';
import { airdropReward, airdropStatus, claimAirdrop } from '../services/economy/airdrop';
import * as wallets from '../services/accounts/wallets';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  route(app, a.getUserWallets, async ({ params, user }) => {
    if (params.uuid !== user.id) throw forbidden(WALLET_TEXT.notYours, 'NOT_YOURS');
    return wallets.walletList(db, user.id);
  });

  route(app, a.walletNonce, async ({ body, user, request, trx }) => wallets.issueWalletNonce(trx, user.id, body, ownOrigin(request)));

  // 'steps': the nonce is spent (committed) even when the signature is then refused.
  route(app, a.walletLink, async ({ body, user, transaction }) => {
    const address = await transaction((trx) => wallets.spendWalletNonce(trx, user.id, body.message));
    await wallets.checkSignature(address, body.message, body.signature);
    return transaction((trx) => wallets.linkWallet(trx, user.id, address));
  }, { transaction: 'steps' });

  route(app, a.walletDisconnect, async ({ body, user, trx }) => ({ success: true as const, ...(await wallets.unlinkWallet(trx, user.id, body.address)) }));

  route(app, a.checkAirdrop, async ({ user }) => airdropStatus(db, config, user.id));

  route(app, a.claimAirdrop, async ({ user, trx }) => {
    const claimedAt = await claimAirdrop(trx, config, user.id);
    const claimed = said('airdrop.claimed');
    return { message: claimed.text, messageText: claimed.ref, claimedAt, reward: await airdropReward(trx, user.id) };
  }, { trustedAnswer: true });
}
