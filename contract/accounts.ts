// Accounts beyond passwords:
// Discord sign-in and linking, CrazyGames portal login, wallets, and the compensation airdrop.
import { z } from 'zod';
import { CurrentUser, LoginBody, LoginCredentials } from './auth';
import { defineEndpoint, EmptyBody, TextRef } from './http';

export const DISCORD_TEXT = {
  notConfigured: 'Discord sign-in is not configured on this server',
  /** /api/config did not answer: whether Discord sign-in is available is unknown. */
  configFailed: 'Could not check whether Discord sign-in is available. Reopen this window to try again.',
  /** The Activity: Discord's client never became ready. */
  activityNotReady: 'Discord did not answer. Log in with your username and password instead.',
  /** The Activity: the player declined Discord's authorization. */
  signInCancelled: 'Discord sign-in was cancelled.',
  exchangeFailed: 'Failed to authenticate with Discord',
  missingUser: 'Missing Discord user information',
  pendingExpired: 'Your Discord sign-in expired. Please sign in with Discord again.',
  alreadyLinked: 'This Discord account is already linked to another player',
  accountHasDiscord: 'Your account is already linked to a different Discord account',
  fuseFailed: 'Unable to link accounts. Please check your credentials.',
  createFailed: 'Failed to create account',
  popupBlocked: 'Please allow popups to sign in with Discord',
  popupBlockedConnect: 'Please allow popups to connect Discord',
  timedOut: 'Discord connection timed out',
  connectFailed: 'Discord connection failed: An unexpected error occurred',
  linkFailed: 'Failed to connect Discord account',
  loginFailed: 'Discord login failed: An unexpected error occurred',
} as const;

/** How long a Discord identity without an account waits for the account decision (server and shell). */
export const DISCORD_PENDING_MINUTES = 15;

export const PORTAL_TEXT = {
  notConfigured: 'Portal login is not configured on this server',
  invalidToken: 'The portal sign-in could not be verified',
  onlyOnPortal: 'Login with CrazyGames is only available when playing on CrazyGames',
  unableToOpen: 'Unable to open CrazyGames login',
} as const;

export const WALLET_TEXT = {
  fetchFailed: 'Failed to fetch wallets',
  connected: 'Wallet connected',
  disconnectFailedTitle: 'Disconnection Failed',
  disconnectFailed: 'There was a problem disconnecting your wallet. Please try again.',
  disconnectErrorTitle: 'Disconnection Error',
  disconnectError: 'An unexpected error occurred. Please try again later.',
  disconnected: 'Wallet Disconnected',
  confirmTitle: 'Disconnect Wallet',
  confirmText: 'Are you sure you want to disconnect this wallet? This will remove it from your account.',
  empty: 'No Wallets Connected',
  notYours: 'You can only see your own wallets',
  notLinked: 'That wallet is not linked to your account',
  badSignature: 'The wallet signature could not be verified',
  nonceUsed: 'That sign-in request expired or was already used. Please try again.',
  linkedElsewhere: 'That wallet is linked to another player',
  invalidAddress: 'Please enter a valid Ethereum wallet address',
} as const;

export const AIRDROP_TEXT = {
  title: 'Technical Difficulties Airdrop',
  received: (items: string) => `You received ${items}.`,
  subtitle: 'Claim your compensation for recent technical difficulties',
  loadError: 'Unable to load eligibility status',
  checkFailed: 'Failed to check eligibility',
  claimFailed: 'Failed to claim airdrop',
  claimFailedTitle: 'Claim Failed',
  claimed: 'Airdrop Claimed!',
  eligible: 'You are eligible for the Technical Difficulties airdrop: 1 Base Set II Crate and 1 Technical Difficulties item.',
  notEligible: 'This account is not eligible for the Technical Difficulties airdrop.',
  alreadyClaimed: 'You have already claimed this airdrop.',
  closed: 'The Technical Difficulties airdrop is closed.',
} as const;

export const EthAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, WALLET_TEXT.invalidAddress);

export const DiscordUser = z.object({ id: z.string(), username: z.string(), global_name: z.string().nullable().optional(), avatar: z.string().nullable().optional() });
export type DiscordUser = z.infer<typeof DiscordUser>;

const Code = z.string({ error: DISCORD_TEXT.exchangeFailed }).min(1, DISCORD_TEXT.exchangeFailed).max(512, DISCORD_TEXT.exchangeFailed);

export const ExchangeAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('existing_user'), jwt: z.string().nullable(), discordUser: DiscordUser, user: CurrentUser, discord_access_token: z.string().optional() }),
  z.object({
    status: z.literal('new_discord_user'), discordUser: DiscordUser, suggestedUsername: z.string(),
    /** Our pending-identity token (never Discord's), to send back to create or fuse. */
    access_token: z.string(),
    discord_access_token: z.string().optional(),
  }),
]);
export type ExchangeAnswer = z.infer<typeof ExchangeAnswer>;

export const discordExchange = defineEndpoint({
  method: 'POST', path: '/api/discord/exchange', access: 'public', summary: 'Exchange a Discord authorization code: sign in, or start the account decision',
  body: z.object({ code: Code, activity: z.boolean().optional() }), response: ExchangeAnswer,
});
export const discordCreate = defineEndpoint({
  method: 'POST', path: '/api/discord/create', access: 'public', summary: 'Create a game account for the pending Discord identity',
  body: z.object({
    discordId: z.string({ error: DISCORD_TEXT.missingUser }).min(1, DISCORD_TEXT.missingUser).max(40),
    username: z.string({ error: DISCORD_TEXT.missingUser }).min(1, DISCORD_TEXT.missingUser).max(64),
    accessToken: z.string().max(200).optional(),
  }),
  response: CurrentUser.extend({ status: z.literal('ok') }),
});
export const discordFuse = defineEndpoint({
  method: 'POST', path: '/api/discord/fuse', access: 'public', summary: 'Link the pending Discord identity to an existing account (password checked)',
  body: z.object({
    discordId: z.string().min(1).max(40),
    ...LoginCredentials.shape,
    accessToken: z.string().max(200).optional(),
    // The same bot check as sign-in: a Discord identity alone costs a guesser nothing per guess.
    turnstile_token: LoginBody.shape.turnstile_token,
  }),
  response: CurrentUser.extend({ status: z.literal('ok') }),
});
export const discordLink = defineEndpoint({
  method: 'POST', path: '/api/discord/link', access: 'user', summary: 'Link a Discord account to the logged-in player (human verification)',
  body: z.object({ code: Code }), response: z.object({ discord_username: z.string() }),
});
export const discordCallback = defineEndpoint({
  method: 'GET', path: '/api/discord/callback', access: 'public', summary: 'Where Discord sends the sign-in popup back; the opener reads code and state from its address',
  query: z.object({ code: z.string().max(512).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }).loose(),
  response: z.string(), raw: true,
});

export const crazygamesLogin = defineEndpoint({
  method: 'POST', path: '/api/crazygames/login', access: 'public', readsPlayer: true, summary: 'Sign in (or link, or create) with a CrazyGames user token',
  body: z.object({ token: z.string().min(10).max(8192) }), response: CurrentUser.extend({ status: z.literal('ok'), created: z.boolean() }),
});

export const WalletList = z.object({ modular_wallets: z.array(z.object({ address: z.string() })), preferred_address: z.string().nullable() });
export const getUserWallets = defineEndpoint({
  method: 'GET', path: '/api/wallet/getUserWallets/:uuid', access: 'user', summary: 'Your linked wallets (only your own)',
  params: z.object({ uuid: z.string().uuid() }), response: WalletList,
});
export const walletNonce = defineEndpoint({
  method: 'POST', path: '/api/wallet/nonce', access: 'user', summary: 'A single-use Sign-In with Ethereum message to sign',
  body: z.object({ address: EthAddress, chainId: z.number().int().positive().max(2 ** 31).default(1) }),
  response: z.object({ nonce: z.string(), message: z.string() }),
});
export const walletLink = defineEndpoint({
  method: 'POST', path: '/api/wallet/link', access: 'user', summary: 'Link a wallet by its signature of the nonce message',
  body: z.object({ message: z.string().min(1).max(4000), signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, WALLET_TEXT.badSignature) }),
  response: WalletList,
});
export const walletDisconnect = defineEndpoint({
  method: 'POST', path: '/api/wallet/disconnect', access: 'user', summary: 'Unlink one of your wallets',
  body: z.object({ address: EthAddress }), response: WalletList.extend({ success: z.literal(true) }),
});

/** What a claim gave (the airdrop panel shows it), read back from the ledger. */
export const AirdropReward = z.array(z.object({ itemUuid: z.string(), name: z.string(), quantity: z.number().int().positive() }));
export const AirdropStatus = z.object({
  eligible: z.boolean(), claimed: z.boolean(), message: z.string(), claimedAt: z.number().int().nullable(),
  /** Once claimed: what the claim gave; null before. */
  reward: AirdropReward.nullable().optional(),
});
export const checkAirdrop = defineEndpoint({
  method: 'GET', path: '/api/checkTechnicalDifficultiesEligibility', access: 'user', summary: 'Whether you can claim the compensation airdrop', response: AirdropStatus,
});
export const claimAirdrop = defineEndpoint({
  method: 'POST', path: '/api/claimTechnicalDifficulties', access: 'user', summary: 'Claim 1 Base Set II Crate and 1 Technical Difficulties item, once',
  body: EmptyBody, response: z.object({ message: z.string(), messageText: TextRef.optional(), claimedAt: z.number().int(), reward: AirdropReward.optional() }), movesValue: true,
});

export const accountEndpoints = {
  discordExchange, discordCreate, discordFuse, discordLink, discordCallback, crazygamesLogin,
  getUserWallets, walletNonce, walletLink, walletDisconnect, checkAirdrop, claimAirdrop,
};
