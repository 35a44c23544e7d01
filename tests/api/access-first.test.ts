// Access before validation: every endpoint that is not public answers an
// anonymous caller (no session; for the game-server API a missing or wrong bearer key) with 401
// whatever the request looks like: bad path parameters, a query out of range, a body of the
// wrong shape, or no JSON at all. The schema's 400 is for callers who may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { CLIENT_HEADER, type EndpointDef } from '../../contract/http';
import { startApp, testDatabases, type TestApp } from './helpers';

const GUARDED = ALL_ENDPOINTS.filter((e) => e.access !== 'public');
const BAD_BODIES: Array<[string, string]> = [['wrong shape', '[1,{"x":null}]'], ['not JSON', '{"unterminated":'], ['wrong types', '{"quantity":"lots","orderId":5,"username":[]}']];

function badUrl(endpoint: EndpointDef): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, 'not~a~valid~value');
  return `${path}?limit=-1&page=zz&crateVersionId=nope`;
}

describe.each(testDatabases())('access before validation on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it(`answers 401 to anonymous callers of all ${GUARDED.length} guarded endpoints before any schema 400`, async () => {
    expect(GUARDED.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const endpoint of GUARDED) {
      const auths: Array<Record<string, string>> = endpoint.access === 'gameServer'
        ? [{}, { authorization: 'Bearer not-the-game-server-key-000' }, { authorization: 'Basic abc' }]
        : [{}, { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }];
      const bodies: Array<[string, string | undefined]> = endpoint.method === 'GET' ? [['no body', undefined]] : BAD_BODIES;
      for (const auth of auths) {
        for (const [label, payload] of bodies) {
          const reply = await t.app.inject({
            method: endpoint.method, url: badUrl(endpoint), payload,
            // As the shell sends it (its header on every change): a forgery-shaped request is refused before this.
            headers: { host: 'localhost', origin: 'http://localhost', [CLIENT_HEADER]: '1', ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...auth },
          });
          if (reply.statusCode !== 401) problems.push(`${endpoint.method} ${endpoint.path} [${label}; ${Object.keys(auth).join(',') || 'anonymous'}]: ${reply.statusCode} ${reply.body.slice(0, 100)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
