// fast-check arbitraries generated from a contract's zod schema. We go through zod's own JSON
// Schema export (a public, stable API) rather than zod internals: what the OpenAPI document
// says an endpoint accepts is exactly what we generate. Refinements are invisible there, so the
// values are "schema-shaped", not necessarily valid; `validSample` filters with the real schema.
import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod emits and we understand. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as JsonSchema;
}

/** Generated strings stay short: huge strings are the hostile catalogue's job. */
const MAX_GENERATED_LENGTH = 48;

export function arbitraryFromJsonSchema(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (s.allOf?.length) return arbitraryFromJsonSchema(Object.assign({}, ...s.allOf) as JsonSchema);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryFromJsonSchema({ ...s, type })));
  if (s.type === undefined && s.properties) return objectArbitrary(s);
  switch (s.type) {
    case 'string': return stringArbitrary(s);
    case 'integer': return fc.integer({ min: Math.ceil(s.minimum ?? -1_000_000), max: Math.floor(s.maximum ?? 1_000_000) });
    case 'number': return numberArbitrary(s);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': return fc.array(s.items ? arbitraryFromJsonSchema(s.items) : fc.jsonValue({ maxDepth: 1 }), {
      minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 8)),
    });
    case 'object': return objectArbitrary(s);
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Small integers and two-decimal amounts first (what money and quantities look like), any double after. */
function numberArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e9;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e9;
  const inRange = (n: number) => n >= min && n <= max;
  return fc.oneof(
    fc.integer({ min: Math.ceil(Math.max(min, -1000)), max: Math.floor(Math.min(max, 1000)) }),
    fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100).filter(inRange),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
  );
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString());
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH)), unit: 'grapheme-ascii' });
}

function objectArbitrary(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) shape[key] = arbitraryFromJsonSchema(value);
  return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
}

export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return arbitraryFromJsonSchema(jsonSchemaOf(schema));
}

/**
 * A value the schema accepts (refinements included), reproducible from `seed`; undefined when
 * 200 generated candidates all fail (then the endpoint needs an entry in examples.ts).
 */
export function validSample(schema: z.ZodType, seed = 42): unknown {
  for (const candidate of fc.sample(arbitraryFor(schema), { numRuns: 200, seed })) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  return undefined;
}
