// A fake server for component tests, driven by the contract: answers are set per endpoint
// declaration (contract/*.ts), checked against the endpoint's response schema when set (so a
// test cannot hand the shell a shape the real server never sends), and every request is recorded.
import { vi } from 'vitest';
import type { EndpointDef, ResponseOf } from '../../contract/http';

export interface SentRequest { method: string; url: string; path: string; body: unknown; headers: Record<string, string> }

type Answer = { status: number; body: unknown } | ((request: SentRequest) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>);

export interface FakeServer {
  readonly sent: SentRequest[];
  /** The 200 answer of an endpoint (validated by its response schema). */
  answer<E extends EndpointDef>(endpoint: E, body: ResponseOf<E>): void;
  /** An error answer: `{ error, detail?, code? }` with a status. */
  fail(endpoint: EndpointDef, status: number, body: { error: string; detail?: string; code?: string }): void;
  /** A hand-made answer (e.g. one that waits, to see a busy state). */
  handle(endpoint: EndpointDef, answer: Answer): void;
  /** Requests sent to an endpoint. */
  requests(endpoint: EndpointDef): SentRequest[];
  /**
   * Answers these endpoints from a table the test edits as it goes, keyed by method and concrete
   * path (`'GET /api/marketplace/listing/l-1'`); a request the table has no row for answers 404.
   */
  answerFromTable(endpoints: EndpointDef[], table: () => Record<string, TableAnswer>): void;
}

/** A row of answerFromTable's table: the body, and a status other than 200 where it is one. */
export interface TableAnswer { status?: number; body: unknown }

/** `/api/coinflip/:id` -> a pattern matching `/api/coinflip/g-1`. */
function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}$`);
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Installs the fake on `fetch` (vi.restoreAllMocks takes it away). Unknown requests answer 404. */
export function fakeServer(): FakeServer {
  const routes: Array<{ endpoint: EndpointDef; match: RegExp; answer: Answer }> = [];
  const sent: SentRequest[] = [];
  const route = (endpoint: EndpointDef, answer: Answer) => {
    const at = routes.findIndex((r) => r.endpoint === endpoint);
    if (at >= 0) routes.splice(at, 1);
    routes.unshift({ endpoint, match: pattern(endpoint.path), answer });
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const request: SentRequest = { method, url, path, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> };
    sent.push(request);
    const found = routes.find((r) => r.endpoint.method === method && r.match.test(path));
    if (!found) return json({ error: 'not found' }, 404);
    const answer = typeof found.answer === 'function' ? await found.answer(request) : found.answer;
    return json(answer.body, answer.status);
  });
  return {
    sent,
    answer(endpoint, body) {
      const parsed = endpoint.response.safeParse(body);
      if (!parsed.success) throw new Error(`fakeServer: the answer for ${endpoint.method} ${endpoint.path} does not match the contract: ${parsed.error.message}`);
      route(endpoint, { status: 200, body });
    },
    fail: (endpoint, status, body) => route(endpoint, { status, body }),
    handle: (endpoint, answer) => route(endpoint, answer),
    requests: (endpoint) => sent.filter((s) => s.method === endpoint.method && pattern(endpoint.path).test(s.path)),
    answerFromTable(endpoints, table) {
      for (const endpoint of endpoints) {
        route(endpoint, (request) => {
          const row = table()[`${request.method} ${request.path}`] ?? { status: 404, body: { error: 'Not found' } };
          return { status: row.status ?? 200, body: row.body };
        });
      }
    },
  };
}
