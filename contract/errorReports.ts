// What an error report (to the error tracker, Sentry's SDKs: docs/operations.md#error-reporting)
// may carry, for the shell, the console and the server alike: the error, where it was thrown,
// the host, the build's release and the player's locale, never the player's data. Every event
// goes through scrubEvent before it leaves: no user, no cookies, headers, request bodies or query
// strings, no breadcrumbs (they hold the addresses and texts of what the player did), and in every
// text left, the player's own names (given by the shell as it learns them), ids (UUIDs, long
// digit runs such as Discord ids), e-mail addresses, bearer tokens and URL queries are replaced.
// Kept free of the SDKs' types: an event is a plain JSON object here.

/** The page data's part for the browser SDK (contract/pageData.ts): absent when reporting is off. */
export interface ErrorReportingConfig {
  /** The DSN of the tracker's project, public key only (a browser DSN is public). */
  dsn: string;
  /** The build's version (APP_VERSION), Sentry's `release`. */
  release: string;
  environment: string;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi;
const BEARER = /\b(bearer)\s+[^\s"',;&]+/gi;
const SECRET_FIELD = /\b(token|session|sid|key|secret|password|code)(["']?\s*[:=]\s*)["']?[^\s"',;&]+/gi;
// A URL's query and fragment (a page address carries tokens: ?code=, ?purchase=, #access_token=).
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s"'?#]*)[?#][^\s"']*/gi;
const LONG_DIGITS = /\b\d{9,}\b/g;

/** One text with the player's data replaced. `names`: what must never leave (the player's username…). */
export function scrubText(text: string, names: readonly string[] = []): string {
  let out = text;
  for (const name of names) if (name.length >= 2) out = out.split(name).join('[player]');
  return out
    .replace(URL_QUERY, '$1')
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [redacted]')
    .replace(SECRET_FIELD, '$1$2[redacted]')
    .replace(UUID, '[id]')
    .replace(LONG_DIGITS, '[id]');
}

function scrubValue(value: unknown, names: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, names);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, names, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubValue(v, names, depth + 1);
  return out;
}

/** The parts of a request an event may keep: its method and its address without the query. */
function scrubRequest(request: unknown): Record<string, unknown> | undefined {
  if (!request || typeof request !== 'object') return undefined;
  const r = request as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  if (typeof r.method === 'string') kept.method = r.method;
  if (typeof r.url === 'string') kept.url = r.url.replace(/[?#].*$/s, '');
  return kept;
}

/**
 * The event as it may leave: a new object, the input untouched. Sentry's `beforeSend` returns it.
 * `names`: texts that are the player's own (their username, display name) to replace everywhere.
 */
export function scrubEvent<E extends object>(event: E, names: readonly string[] = []): E {
  const e = { ...(event as Record<string, unknown>) };
  delete e.user;
  delete e.breadcrumbs;
  const request = scrubRequest(e.request);
  if (request) e.request = request; else delete e.request;
  return scrubValue(e, names, 0) as E;
}
