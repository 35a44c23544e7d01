// Coin flip wagers: create, list open ones, accept, cancel, look one up.
import type { FastifyInstance } from 'fastify';
import { acceptCoinflip, cancelCoinflip, COINFLIP_TEXT, coinflipGame, createCoinflip, openCoinflips } from '../../contract/coinflip';
import { parseTripcoins } from '../../contract/money';
import { badRequest } from '../errors';
import { route } from '../route';
import { assertMayWager } from '../services/accounts/age';
import * as coinflip from '../services/economy/coinflip';

export async function coinflipRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, createCoinflip, async ({ body, user, trx }) => {
    // The contract already checked the amount with the spec's messages; this only converts it.
    const wager = parseTripcoins(body.wager_amount);
    if (wager === null) throw badRequest(COINFLIP_TEXT.invalidWager, 'INVALID_INPUT');
    // A wager needs a player who said they are 18 or older (the host's own policy is a separate gate).
    await assertMayWager(trx, user.id);
    return coinflip.createCoinflip(trx, user.id, wager, body.choice);
  }, { trustedAnswer: true });

  route(app, openCoinflips, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { games: await coinflip.openGames(db, request.user?.id ?? null) };
  });

  route(app, acceptCoinflip, async ({ params, user, trx }) => {
    await assertMayWager(trx, user.id);
    return coinflip.acceptCoinflip(trx, user.id, params.id);
  }, { trustedAnswer: true });

  route(app, cancelCoinflip, async ({ params, user, trx }) => coinflip.cancelCoinflip(trx, user.id, params.id), { trustedAnswer: true });

  route(app, coinflipGame, async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return coinflip.gameById(db, request.user?.id ?? null, params.id);
  });
}
