// A service's refusal (services/errors.ts) reaches the client exactly as the route layer's own
// error of the same meaning would: the same status, text and code, through the one table in
// server/errors.ts.
import { describe, expect, it } from 'vitest';
import { CLAN_TEXT } from '../../contract/clans';
import { badRequest, conflict as httpConflict, forbidden as httpForbidden, gone as httpGone, HttpError, httpErrorOf, notFound as httpNotFound, tooMany, unauthorized, unavailable as httpUnavailable } from '../../server/errors';
import { conflict, forbidden, gone, invalid, notFound, rateLimited, unauthenticated, unavailable, upstreamRejected } from '../../server/services/errors';

const answer = (e: HttpError) => [e.status, e.body()];

describe('domain errors as HTTP', () => {
  it('each kind answers the status and body the route layer gives the same refusal', () => {
    const pairs: Array<[HttpError, HttpError]> = [
      [httpErrorOf(invalid('Bad price', 'INVALID_INPUT')), badRequest('Bad price', 'INVALID_INPUT')],
      [httpErrorOf(invalid('Bad price')), badRequest('Bad price')],
      [httpErrorOf(unauthenticated('Not logged in')), unauthorized('Not logged in')],
      [httpErrorOf(forbidden('Not yours')), httpForbidden('Not yours')],
      [httpErrorOf(forbidden('Not yours', 'NOT_YOUR_LISTING')), httpForbidden('Not yours', 'NOT_YOUR_LISTING')],
      [httpErrorOf(notFound('No such clan')), httpNotFound('No such clan')],
      [httpErrorOf(conflict(CLAN_TEXT.nameTaken)), httpConflict(CLAN_TEXT.nameTaken)],
      [httpErrorOf(conflict('Taken', 'CLAN_NAME_TAKEN')), httpConflict('Taken', 'CLAN_NAME_TAKEN')],
      [httpErrorOf(gone('Sold', 'NFT_ALREADY_SOLD')), httpGone('Sold', 'NFT_ALREADY_SOLD')],
      [httpErrorOf(rateLimited('Slow down')), tooMany('Slow down')],
      [httpErrorOf(unavailable('Off')), httpUnavailable('Off')],
      [httpErrorOf(upstreamRejected('Chain said no', 'CHAIN_REJECTED')), new HttpError(502, 'Chain said no', 'CHAIN_REJECTED')],
    ];
    for (const [mapped, direct] of pairs) expect(answer(mapped)).toEqual(answer(direct));
    // A contract text without a code of its own still gets the text's code, as before.
    expect(httpErrorOf(conflict(CLAN_TEXT.nameTaken)).body().code).toBe(httpConflict(CLAN_TEXT.nameTaken).body().code);
  });
});
