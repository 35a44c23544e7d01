// The Mythical Bridge: burn a Mythical Ticket, receive one
// 64 BIT ANCIENT token in your own wallet, on chain.
import { z } from 'zod';
import { defineEndpoint } from './http';

export const BRIDGE_TEXT = {
  invalidWallet: 'Please enter a valid Ethereum wallet address',
  verifyFailed: 'Failed to verify wallet',
  finalizeFailed: 'Failed to finalize airdrop',
  notConfigured: 'The Mythical Bridge is not configured on this server',
  noProfile: 'No marketplace profile was found for this wallet',
  noTicket: 'You need a Mythical Ticket to use the bridge',
  chainUnavailable: 'The chain could not be reached. Your Mythical Ticket was returned.',
  rejected: 'The transfer was rejected by the chain. Your Mythical Ticket was returned.',
  complete: 'Transaction Complete!',
  unknownTransfer: 'No bridge transfer of yours has this transaction hash',
} as const;

export const WALLET_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const Wallet = z.string().regex(WALLET_PATTERN, BRIDGE_TEXT.invalidWallet);

export const MarketplaceProfile = z.object({
  profile_image_url: z.string(),
  username: z.string(),
  address: z.string(),
  bio: z.string(),
  website: z.string(),
  social_media_accounts: z.array(z.object({ platform: z.string(), username: z.string() })),
  joined_date: z.string(),
});
export type MarketplaceProfile = z.infer<typeof MarketplaceProfile>;

export const bridgeVerify = defineEndpoint({
  method: 'GET', path: '/api/mythicalBridgeVerify/:wallet', access: 'user', summary: 'Look up the marketplace profile of a wallet before bridging to it',
  params: z.object({ wallet: Wallet }), response: z.object({ openseaProfile: MarketplaceProfile }),
});
export const bridgeFinalize = defineEndpoint({
  method: 'POST', path: '/api/mythicalBridgeFinalize', access: 'user', feature: 'bridge', summary: 'Burn one Mythical Ticket and send one 64 BIT ANCIENT token to the wallet',
  body: z.object({ destinationWallet: Wallet }),
  response: z.object({ transactionHash: z.string().regex(/^0x[0-9a-f]{64}$/), explorerUrl: z.string(), status: z.enum(['sent', 'confirmed', 'signed']) }),
  movesValue: true,
});

const TransactionHash = z.string().regex(/^0x[0-9a-f]{64}$/);

/** Where a transfer stands; the modal asks until the chain has mined it. */
export const bridgeStatus = defineEndpoint({
  method: 'GET', path: '/api/mythicalBridgeStatus/:transactionHash', access: 'user', summary: 'The state of one of your bridge transfers: confirmed once the chain has mined it',
  params: z.object({ transactionHash: TransactionHash }),
  response: z.object({ transactionHash: TransactionHash, status: z.enum(['signed', 'sent', 'confirmed', 'failed']) }),
});

export const bridgeEndpoints = { bridgeVerify, bridgeFinalize, bridgeStatus };
