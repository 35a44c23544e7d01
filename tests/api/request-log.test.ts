// Request logging off the hot path: ordinary requests write nothing at info; slow requests and
// server errors always one line; every request at debug, or a LOG_SAMPLE fraction of them.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import type { DbHandle } from '../../server/db/createDb';
import { requestLogReason } from '../../server/plugins/requestLog';
import { buildStartedApp, testConfig, databaseNamed } from './helpers';

const pglite = databaseNamed('pglite');

describe('request log', () => {
  let app: FastifyInstance | undefined;
  let handle: (DbHandle & { drop(): Promise<void> }) | undefined;
  afterEach(async () => { await app?.close(); await handle?.close(); await handle?.drop(); app = undefined; handle = undefined; });

  /** The request lines (ours, or Fastify's own req/res lines) written while making `count` health requests. */
  async function linesFor(overrides: Partial<Config>, count = 5): Promise<Array<Record<string, unknown>>> {
    const lines: string[] = [];
    handle = await pglite?.open();
    app = await buildStartedApp(testConfig(overrides), { database: handle, logStream: { write: (line: string) => { lines.push(line); } } });
    for (let i = 0; i < count; i++) expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    return lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => typeof l.status === 'number' || 'req' in l || 'res' in l);
  }

  it('writes nothing for ordinary requests at info', async () => {
    expect(await linesFor({ LOG_LEVEL: 'info' })).toEqual([]);
  });

  it('writes one line per request slower than LOG_SLOW_MS', async () => {
    const lines = await linesFor({ LOG_LEVEL: 'info', LOG_SLOW_MS: 0 });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ method: 'GET', url: '/api/health', status: 200, reason: 'slow', msg: 'slow request' });
    expect(typeof lines[0]?.ms).toBe('number');
    // request.log is made on the first line (server/http/requestLogger.ts): each line still
    // carries its own request's id.
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(5);
    expect(lines.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
  });

  it('writes every request at debug, and a LOG_SAMPLE fraction at info', async () => {
    expect((await linesFor({ LOG_LEVEL: 'debug' })).map((l) => l.reason)).toEqual(['debug', 'debug', 'debug', 'debug', 'debug']);
    await app?.close(); await handle?.close(); await handle?.drop();
    expect(await linesFor({ LOG_LEVEL: 'info', LOG_SAMPLE: 1 })).toHaveLength(5);
  });

  it('always logs server errors, whatever the level of sampling', () => {
    const quiet = { LOG_LEVEL: 'info', LOG_SLOW_MS: 500, LOG_SAMPLE: 0 } as const;
    expect(requestLogReason(500, 1, quiet)).toBe('error');
    expect(requestLogReason(503, 1, quiet)).toBe('error');
    expect(requestLogReason(404, 1, quiet)).toBeNull();
    expect(requestLogReason(200, 499, quiet)).toBeNull();
    expect(requestLogReason(200, 500, quiet)).toBe('slow');
    expect(requestLogReason(200, 1, { ...quiet, LOG_SAMPLE: 0.5 }, () => 0.2)).toBe('sampled');
    expect(requestLogReason(200, 1, { ...quiet, LOG_SAMPLE: 0.5 }, () => 0.7)).toBeNull();
  });
});
