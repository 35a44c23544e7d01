// Keys for the money-moving requests the contract marks idempotent (one key per action: a
// retried request with the same key never charges twice).
import { IDEMPOTENCY_HEADER, type EndpointDef } from '../../contract/http';

/** A fresh key for one money-moving action, e.g. `crates-3f…`. getRandomValues works outside
 * secure contexts too (randomUUID does not). */
export function newIdempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The header for `endpoint` when the contract marks it idempotent and a key is given. */
export function idempotencyHeaders(endpoint: EndpointDef, key: string | undefined): Record<string, string> | undefined {
  return endpoint.idempotent && key ? { [IDEMPOTENCY_HEADER]: key } : undefined;
}
