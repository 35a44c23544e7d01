// The bench's table of what a money call costs before its handler: it times the server's own code
// on a real call of the row, so it must read that call as the router does and refuse one its
// schema would refuse (a figure for a call the route never runs would be no figure).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cancelCoinflip, COIN_HEADS, createCoinflip } from '../../contract/coinflip';
import { paramsOf, requestSideCost, requestSideTable } from '../bench/requestSide';

const call = (url: string, payload: unknown) => ({ label: 'call', method: 'POST', url, headers: { 'content-type': 'application/json', 'idempotency-key': 'bench-key-0001' }, payload: JSON.stringify(payload) });

describe('the request side of a money call', () => {
  it('reads the path parameters as the router does', () => {
    expect(paramsOf('/api/coinflip/:id/cancel', '/api/coinflip/g%201/cancel?x=1')).toEqual({ id: 'g 1' });
    expect(() => paramsOf('/api/coinflip/:id/cancel', '/api/coinflip/g1/accept')).toThrow(/not a call of/);
  });

  it('times each piece on a call its schemas accept, and refuses one they do not', () => {
    const app = Fastify();
    const row = requestSideCost(app, createCoinflip, call('/api/coinflip/create', { wager_amount: '25', choice: COIN_HEADS }), 200);
    expect(row.key).toBe('POST /api/coinflip/create');
    for (const us of Object.values(row.us)) expect(us).toBeGreaterThanOrEqual(0);
    expect(row.total).toBeCloseTo(Object.values(row.us).reduce((a, b) => a + b, 0), 6);
    expect(row.us['key and hash']).toBeGreaterThan(0); // a hash is never free
    expect(requestSideCost(app, cancelCoinflip, call('/api/coinflip/g1/cancel', {}), 200).key).toBe('POST /api/coinflip/:id/cancel');
    expect(() => requestSideCost(app, createCoinflip, call('/api/coinflip/create', { wager_amount: '25', choice: 7 }), 200)).toThrow(/does not pass its schema/);
    expect(requestSideTable([row])).toContain('| POST /api/coinflip/create |');
  });
});
