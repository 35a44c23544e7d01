// What a money call's request costs the server before its handler runs, piece by piece, in µs of
// CPU a call: the JSON body's depth check and parse (the app's `jsonBodyParser`), the NUL check of
// params, query and body, the route's zod schemas (through the same compiler the app registers), and the
// Idempotency-Key's read and the request's hash. Each piece is the server's own code called on one
// of the row's prepared calls, many times in a row (newWork.ts's perCall), so the figure is the
// code's and not a profile's samples: a profile of 200 calls put 11-96 µs a call under
// "validation", a sampling interval's worth.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { EndpointDef } from '../../contract/http';
import { jsonBodyParser } from '../../server/app';
import { idempotencyKeyOf } from '../../server/http/idempotency';
import { inputContainsNul } from '../../server/plugins/errors';
import { requestHash } from '../../server/services/system/idempotency';
import type { RawRequest } from '../api/harness/hostile';
import { perCall } from './newWork';

export const REQUEST_SIDE_PARTS = ['JSON body', 'NUL check', 'schemas', 'key and hash'] as const;
export interface RequestSideRow { key: string; us: Record<(typeof REQUEST_SIDE_PARTS)[number], number>; total: number }

/** The path's parameters as the router reads them ('/api/coinflip/:id/cancel' against a URL). */
export function paramsOf(pattern: string, url: string): Record<string, string> {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => { names.push(name); return '([^/?]+)'; });
  const match = new RegExp(`^${source}(?:\\?|$)`).exec(url);
  if (!match) throw new Error(`${url} is not a call of ${pattern}`);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
}

type Validate = (data: unknown) => { error?: unknown; value?: unknown };
const compiled = (schema: unknown, part: string): Validate | null => (schema
  ? validatorCompiler({ schema, method: 'POST', url: '', httpPart: part } as never) as Validate
  : null);

export function requestSideCost(app: FastifyInstance, endpoint: EndpointDef, call: RawRequest, calls = 5_000): RequestSideRow {
  const text = call.payload ?? '';
  const params = paramsOf(endpoint.path, call.url);
  const query = {};
  const parse = jsonBodyParser(app.getDefaultJsonParser('error', 'error'));
  const asked = {} as FastifyRequest;
  let body: unknown;
  parse(asked, text, (error, value) => { if (error) throw error; body = value; });
  const request = { headers: call.headers, params, query, body } as unknown as FastifyRequest;
  const bodyValidator = compiled(endpoint.body, 'body');
  const paramsValidator = compiled(endpoint.params, 'params');
  for (const [validate, value] of [[bodyValidator, body], [paramsValidator, params]] as const) {
    if (validate?.(value).error) throw new Error(`${endpoint.method} ${endpoint.path}: its prepared call does not pass its schema`);
  }
  const parsing = perCall(() => {
    let parsed: unknown;
    parse(asked, text, (_e, value) => { parsed = value; });
    return parsed;
  }, calls).us;
  const nul = perCall(() => inputContainsNul(request), calls).us;
  const schemas = perCall(() => [bodyValidator?.(body), paramsValidator?.(params)], calls).us;
  const keyed = perCall(() => [idempotencyKeyOf(request), requestHash({ params, query, body: body ?? {} })], calls).us;
  const us = { 'JSON body': parsing, 'NUL check': nul, schemas, 'key and hash': keyed };
  return { key: `${endpoint.method} ${endpoint.path}`, us, total: parsing + nul + schemas + keyed };
}

export function requestSideTable(rows: RequestSideRow[] | Error): string {
  const head = [`| a money call before its handler (CPU µs a call) | ${REQUEST_SIDE_PARTS.join(' | ')} | total |`, `|---|${REQUEST_SIDE_PARTS.map(() => '---:').join('|')}|---:|`];
  if (rows instanceof Error) return [...head, `| request side | FAILED: ${rows.message} |${REQUEST_SIDE_PARTS.map(() => ' |').join('')}`].join('\n');
  return [...head, ...rows.map((r) => `| ${r.key} | ${REQUEST_SIDE_PARTS.map((p) => r.us[p].toFixed(2)).join(' | ')} | ${r.total.toFixed(2)} |`)].join('\n');
}
