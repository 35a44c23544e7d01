// GET /api/mythicalBridgeVerify/{wallet}: the marketplace profile of a wallet (the machine's `verify`).
import { bridgeVerify, type MarketplaceProfile } from '../../../../contract/bridge';
import { call } from '../../../api/client';
import { toFailure } from './failure';

export async function verifyWallet(wallet: string): Promise<MarketplaceProfile> {
  try {
    return (await call(bridgeVerify, { params: { wallet } })).openseaProfile;
  } catch (error) {
    throw toFailure(error);
  }
}
