// The purchase calls: the harness's app has no payment provider keys, so a valid call answers
// 503 PURCHASES_NOT_CONFIGURED (the provider tests, tests/api/purchases-*.test.ts, run them
// against the fakes).
import type { Example } from '../examples';

const UNSOLD = [200, 503];

export const PURCHASE_EXAMPLES: Record<string, Example> = {
  'POST /api/purchases/discord/sync': { call: () => ({ body: {} }), ok: UNSOLD },
  'POST /api/purchases/crazygames/confirm': { call: () => ({ body: { productId: 'tc-500', orderId: '900001' } }), ok: UNSOLD },
  'POST /api/purchases/web/checkout': { call: () => ({ body: { productId: 'tc-500' } }), ok: UNSOLD },
  'GET /api/purchases/web/session/:sessionId': { call: () => ({ params: { sessionId: 'cs_test_harness' } }), ok: UNSOLD, ownership: 'owner-only', ownerParams: [] },
};
