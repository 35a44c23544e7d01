// Coin flip wagers, provably fair: the server commits to
// sha256(server_seed) when the wager is created and reveals the seed once it is settled. The
// coin is the lowest bit of the first byte of sha256(`${server_seed}:${game_id}:${acceptor_uuid}`);
// 0 is Heads and 1 is Tails, and the creator wins when it equals their choice.
import { z } from 'zod';
import { readAmount, tcFixed } from './economy';
import { defineEndpoint, EmptyBody } from './http';

export const WAGER_MIN = 10;
export const WAGER_MAX = 100_000_000;
export const COIN_HEADS = 0;
export const COIN_TAILS = 1;
export const OPEN_WAGERS_SHOWN = 100;

export const COINFLIP_TEXT = {
  invalidWager: 'Please enter a valid wager amount',
  minimum: 'Minimum wager is 10 TC',
  maximum: 'Maximum wager is 100,000,000 TC',
  decimals: 'Maximum 2 decimal places allowed',
  choiceRule: 'Choose 0 (Heads) or 1 (Tails)',
  createFailed: 'Failed to create offer',
  acceptFailed: 'Failed to accept wager',
  cancelFailed: 'Failed to cancel wager',
  created: 'Coin flip offer created',
  cancelled: 'Coin flip offer cancelled',
  notFound: 'Coin flip not found',
  ownWager: 'You cannot accept your own wager',
  notYours: 'Only the creator can cancel this wager',
  closed: 'This wager is no longer open',
  insufficient: (balance: bigint) => `Insufficient balance. You have ${tcFixed(balance)} TC`,
} as const;

/** The wager checks, in the order the spec lists them. */
export const WagerAmount = z.union([z.number(), z.string()], { error: COINFLIP_TEXT.invalidWager }).superRefine((value, ctx) => {
  const amount = readAmount(value);
  const message = !amount ? COINFLIP_TEXT.invalidWager
    : amount.value < WAGER_MIN ? COINFLIP_TEXT.minimum
      : amount.value > WAGER_MAX ? COINFLIP_TEXT.maximum
        : amount.hundredths === null ? COINFLIP_TEXT.decimals
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const CoinChoice = z.union([z.literal(COIN_HEADS), z.literal(COIN_TAILS)], { error: COINFLIP_TEXT.choiceRule });

export const CoinflipGame = z.object({
  game_id: z.string(),
  creator_uuid: z.string(),
  creator_username: z.string(),
  wager_amount: z.number().positive(),
  choice: CoinChoice,
  status: z.enum(['open', 'settled', 'cancelled']),
  server_seed_hash: z.string(),
  /** Revealed once the game is settled; null before. */
  server_seed: z.string().nullable(),
  acceptor_uuid: z.string().nullable(),
  acceptor_username: z.string().nullable(),
  outcome: CoinChoice.nullable(),
  winner_uuid: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  isOwnGame: z.boolean(),
});
export type CoinflipGame = z.infer<typeof CoinflipGame>;

const GameParams = z.object({ id: z.string().min(1).max(100) });

export const createCoinflip = defineEndpoint({
  method: 'POST', path: '/api/coinflip/create', access: 'user', feature: 'coinflip', summary: 'Offer a coin flip wager (the stake is escrowed)',
  body: z.object({ wager_amount: WagerAmount, choice: CoinChoice }),
  response: z.object({ game_id: z.string(), server_seed_hash: z.string(), message: z.string() }),
  movesValue: true,
});
export const openCoinflips = defineEndpoint({
  method: 'GET', path: '/api/coinflip/open', access: 'public', readsPlayer: true, summary: 'Open wagers, newest first',
  response: z.object({ games: z.array(CoinflipGame) }),
});
export const acceptCoinflip = defineEndpoint({
  method: 'POST', path: '/api/coinflip/:id/accept', access: 'user', feature: 'coinflip', summary: 'Match a wager: the coin is flipped and the winner takes both stakes',
  params: GameParams, body: EmptyBody, response: CoinflipGame, movesValue: true,
});
export const cancelCoinflip = defineEndpoint({
  method: 'POST', path: '/api/coinflip/:id/cancel', access: 'user', summary: 'Withdraw your open wager; the stake comes back',
  params: GameParams, body: EmptyBody, response: CoinflipGame, movesValue: true,
});
export const coinflipGame = defineEndpoint({
  method: 'GET', path: '/api/coinflip/:id', access: 'public', readsPlayer: true, summary: 'One coin flip, with its seed once settled',
  params: GameParams, response: CoinflipGame,
});

export const coinflipEndpoints = { createCoinflip, openCoinflips, acceptCoinflip, cancelCoinflip, coinflipGame };
