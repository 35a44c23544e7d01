// The one place database races become answers (server/plugins/errors.ts): a unique key taken a
// moment ago, a row gone, or a transaction PostgreSQL aborted is a 409 the client can retry,
// never a 500; any other database error stays a 500 without details.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RACE_TEXT, registerErrorHandling } from '../../server/plugins/errors';

async function answerFor(code: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => { throw Object.assign(new Error('database said no'), { code }); });
  const reply = await app.inject({ url: '/boom' });
  await app.close();
  return { status: reply.statusCode, body: reply.json() as Record<string, unknown> };
}

describe('database races answer 409', () => {
  it.each(['23505', '23503', '40001', '40P01'])('SQLSTATE %s is a 409 with a clear error', async (code) => {
    expect(await answerFor(code)).toEqual({ status: 409, body: { error: RACE_TEXT, detail: RACE_TEXT, code: 'CONCURRENT_CHANGE' } });
  });
  it('another database error stays a 500 without details (its code only: INTERNAL)', async () => {
    expect(await answerFor('XX000')).toEqual({ status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } });
  });
});
