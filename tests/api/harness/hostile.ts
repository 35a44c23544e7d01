// The hostile catalogue: inputs around a schema rather than inside it. Each builder turns an
// endpoint (and a valid call of it, when we have one) into concrete requests, so the fuzz test
// can run every case deterministically and fast-check can draw from the same pools at random.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { EndpointDef } from '../../../contract/http';
import { buildPath } from '../../../contract/http';
import { pathParamNames } from './contract';

export interface RawRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** What a valid call looks like: the harness mutates around it. */
export interface CallShape {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers?: Record<string, string>;
}

export const BODY_LIMIT = 64 * 1024;

/** Ids that exist nowhere, and the other player's (filled in per run). */
export function hostileIds(otherIds: string[]): string[] {
  return [randomUUID(), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', ...otherIds];
}

/** Path parameter values: traversal, SQL, NUL, malformed escapes, overlong, not-a-number. */
export const PATH_ATTACKS = [
  '../../etc/passwd', "'; DROP TABLE users;--", '%00', '\u0000', '%E0%A4%A', 'a'.repeat(201), '-1', '1.5', 'NaN', '__proto__', '😀',
];

export const HOSTILE_STRINGS = [
  '', 'a'.repeat(5_000), "'; DROP TABLE users;--", '../../etc/passwd', '\u0000x', '😀'.repeat(64), '<script>alert(1)</script>',
  '__proto__', 'NaN', 'Infinity', '-1', '1.005', '0.001', '9007199254740993', '00000000-0000-0000-0000-000000000000',
];

export const HOSTILE_VALUES: unknown[] = [
  null, true, false, 0, -1, -0.01, 0.5, 1.005, 0.001, 1e21, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [[[]]], { a: { b: 1 } },
  ...HOSTILE_STRINGS,
];

/**
 * The values each field is tried with, by the kind of value the valid call has there (the rest
 * of HOSTILE_VALUES comes up in random draws). Strings get empty, huge, SQL, NUL and numbers in
 * text (amounts are often accepted as strings); numbers get negative, zero, fractional,
 * 3-decimal, huge and unsafe integers.
 */
function fieldValues(value: unknown): unknown[] {
  if (typeof value === 'string') return [null, '', 'a'.repeat(5_000), "'; DROP TABLE users;--", '\u0000x', '-1', '1.005', 'Infinity', {}];
  if (typeof value === 'number') return [null, -1, 0, 0.5, 1.005, 0.001, 1e21, Number.MAX_SAFE_INTEGER + 2, '1.005', []];
  return [null, 'text', [], {}, -1];
}

/**
 * JSON-number tokens that JSON.stringify cannot write: spliced into the body text as a field's
 * value. `1e999` is valid JSON that parses to Infinity; NaN is not JSON at all.
 */
export const RAW_NUMBER_TOKENS = ['NaN', '1e999', '-1e999'];

/** Fields beyond this many get only the essentials (missing, wrong type); random draws cover the rest. */
const FULL_FIELDS = 6;

const json = { 'content-type': 'application/json' };

function urlOf(endpoint: EndpointDef, call: CallShape, extraQuery = ''): string {
  const path = buildPath(endpoint.path, call.params);
  const query = new URLSearchParams(call.query).toString();
  const q = [query, extraQuery].filter(Boolean).join('&');
  return q ? `${path}?${q}` : path;
}

export function requestFor(endpoint: EndpointDef, call: CallShape, label = 'valid'): RawRequest {
  const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return {
    label, method: endpoint.method, url: urlOf(endpoint, call), headers: { ...(withBody ? json : {}), ...call.headers },
    ...(withBody ? { payload: JSON.stringify(call.body ?? {}) } : {}),
  };
}

/** A value of the wrong JSON type for the field's current value. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return 'true';
  return Array.isArray(value) ? { a: 1 } : 'text';
}

/** Missing fields, wrong types and hostile values, one field at a time. */
function fieldCases(endpoint: EndpointDef, call: CallShape, ids: string[]): RawRequest[] {
  const body = call.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: RawRequest[] = [];
  const base = body as Record<string, unknown>;
  Object.keys(base).forEach((key, index) => {
    const { [key]: _dropped, ...rest } = base;
    out.push({ ...requestFor(endpoint, { ...call, body: rest }), label: `missing ${key}` });
    const values = index < FULL_FIELDS ? [wrongType(base[key]), ...fieldValues(base[key]), ...ids] : [wrongType(base[key])];
    for (const value of values) {
      out.push({ ...requestFor(endpoint, { ...call, body: { ...base, [key]: value } }), label: `${key}=${JSON.stringify(value).slice(0, 30)}` });
    }
    const numeric = typeof base[key] === 'number' || (typeof base[key] === 'string' && /^-?\d+(\.\d+)?$/.test(base[key]));
    if (index >= FULL_FIELDS || !numeric) return;
    for (const token of RAW_NUMBER_TOKENS) {
      const marker = `__raw_${key}__`;
      const text = JSON.stringify({ ...base, [key]: marker }).replace(`"${marker}"`, token);
      out.push({ label: `${key}=${token} (raw JSON)`, method: endpoint.method, url: urlOf(endpoint, call), headers: { ...json, ...call.headers }, payload: text });
    }
  });
  out.push({ ...requestFor(endpoint, { ...call, body: { ...base, isAdmin: true, verified: 1, uuid: randomUUID() } }), label: 'extra privileged fields' });
  return out;
}

/** Whole-body attacks: not JSON, wrong JSON, wrong type of content, too big. */
function bodyCases(endpoint: EndpointDef, call: CallShape): RawRequest[] {
  const url = urlOf(endpoint, call);
  const valid = JSON.stringify(call.body ?? {});
  const bigObject = JSON.stringify({ ...(typeof call.body === 'object' && call.body ? call.body : {}), pad: 'x'.repeat(BODY_LIMIT + 10) });
  const cases: Array<[string, Record<string, string>, string]> = [
    ['invalid JSON', json, '{"a":'],
    ['empty JSON body', json, ''],
    ['JSON null', json, 'null'],
    ['JSON array', json, '[]'],
    ['JSON string', json, '"text"'],
    ['prototype pollution', json, '{"__proto__":{"isAdmin":true}}'],
    ['constructor pollution', json, '{"constructor":{"prototype":{"isAdmin":true}}}'],
    ['deep nesting', json, `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['text/plain', { 'content-type': 'text/plain' }, valid],
    ['form encoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=2'],
    ['no content type', {}, valid],
    ['oversize body (>64 KiB)', json, bigObject],
    ['lying content-length', { ...json, 'content-length': '3' }, valid],
  ];
  return cases.map(([label, headers, payload]) => ({ label, method: endpoint.method, url, headers: { ...call.headers, ...headers }, payload }));
}

/** Hostile path parameters, one parameter at a time: encoded as a client would, and raw. */
function paramCases(endpoint: EndpointDef, call: CallShape, ids: string[]): RawRequest[] {
  const out: RawRequest[] = [];
  for (const name of pathParamNames(endpoint)) {
    for (const value of [...PATH_ATTACKS, ...ids]) {
      out.push({ ...requestFor(endpoint, { ...call, params: { ...call.params, [name]: value } }), label: `:${name}=${value.slice(0, 30)}` });
      // Raw: the server sees traversal and percent sequences exactly as written.
      if (encodeURIComponent(value) === value || !/^[\x21-\x7e]*$/.test(value)) continue;
      const raw = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => (n === name ? value : encodeURIComponent(call.params[n] ?? 'x')));
      out.push({ ...requestFor(endpoint, call), url: raw, label: `:${name}=${value.slice(0, 30)} (raw)` });
    }
  }
  return out;
}

/** Around the route: traversal and junk after it, hostile query strings. */
function urlCases(endpoint: EndpointDef, call: CallShape): RawRequest[] {
  const base = requestFor(endpoint, call);
  const path = base.url.split('?')[0] ?? base.url;
  const join = base.url.includes('?') ? '&' : '?';
  const suffixes = ['/../../etc/passwd', '%00', '/%E0%A4%A'];
  const queries = [`x=${encodeURIComponent("'; DROP TABLE users;--")}%00`, `x=${'a'.repeat(8_000)}`, '__proto__[isAdmin]=true&a=1&a=2'];
  return [
    ...suffixes.map((s) => ({ ...base, url: `${path}${s}`, label: `path + ${s}` })),
    ...queries.map((q) => ({ ...base, url: `${base.url}${join}${q}`, label: `query ${q.slice(0, 30)}` })),
  ];
}

/**
 * The deterministic hostile cases for one endpoint around a valid call shape. 'full' for the
 * caller the endpoint is meant for; 'essential' (a sample of each kind) for callers it should
 * refuse anyway, which keeps the run short as the contract grows.
 */
export function hostileCatalogue(endpoint: EndpointDef, call: CallShape, otherIds: string[], depth: 'full' | 'essential' = 'full'): RawRequest[] {
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const ids = hostileIds(otherIds);
  const all = [
    ...(hasBody ? fieldCases(endpoint, call, [ids[0] ?? '', ...otherIds.slice(0, 1)]) : []),
    ...(hasBody ? bodyCases(endpoint, call) : []),
    ...paramCases(endpoint, call, ids),
    ...urlCases(endpoint, call),
  ];
  return depth === 'full' ? all : all.filter((_, i) => i % 6 === 0);
}

/** A random hostile value for any JSON position: catalogue values and arbitrary JSON alike. */
export const hostileValueArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ maxLength: 300, unit: 'binary' }),
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.jsonValue({ maxDepth: 3 }),
);
