// The session when its cookie does not stick. A shell framed cross-site can
// lose its session cookie (SameSite=Lax on http; third-party cookies blocked in Safari, Discord's
// mobile webviews, Chrome with them off). Every sign-in answer carries the session's token in
// the X-Session-Token header: after one, the shell asks whoami with cookies alone; when that
// says anonymous, the cookie did not stick and the session continues as
// `Authorization: Bearer <token>`. The token stays in this module's memory (and in
// sessionStorage where the browser allows it, so an iframe reload keeps the session): never in
// a URL, never handed to the game. Logging out forgets it; a later rotation (password change,
// a new sign-in) replaces it.
export const SESSION_TOKEN_HEADER = 'x-session-token';
const STORAGE_KEY = 'tripshell.session';
const WHOAMI = '/api/whoami';
/** Logout and sign-out-everywhere (contract/auth.ts): after either, no session is left to carry. */
const LOGOUTS = new Set(['/api/logout', '/api/logoutEverywhere']);
/** ANONYMOUS_USER.uuid (contract/auth.ts), not imported: this module is on the first screen. */
const ANONYMOUS_UUID = 'anonymous';

function storage(): Storage | null {
  try { return typeof window === 'undefined' ? null : window.sessionStorage; } catch { return null; }
}

function stored(): string | null {
  try { return storage()?.getItem(STORAGE_KEY) ?? null; } catch { return null; }
}

let bearer: string | null = stored();

function keep(token: string | null): void {
  bearer = token;
  try {
    if (token) storage()?.setItem(STORAGE_KEY, token);
    else storage()?.removeItem(STORAGE_KEY);
  } catch { /* storage refused: memory only */ }
}

/** The Authorization header to send, when the session travels as a bearer token. */
export function sessionHeaders(): Record<string, string> {
  return bearer ? { authorization: `Bearer ${bearer}` } : {};
}

/** Whether the session currently travels as a bearer token (for tests and diagnostics). */
export function usingBearer(): boolean {
  return bearer !== null;
}

/** Whether the browser's cookie alone carries a signed-in session. */
async function cookieCarriesSession(): Promise<boolean> {
  try {
    const response = await fetch(WHOAMI, { credentials: 'include', cache: 'no-store', headers: { accept: 'application/json' } });
    const body = (await response.json()) as { verified?: unknown; uuid?: unknown } | null;
    return response.ok && body !== null && body.uuid !== ANONYMOUS_UUID && body.verified !== 0;
  } catch {
    return false;
  }
}

/** Called with every API answer: follows sign-ins, rotations and logouts. */
export async function followSession(method: string, path: string, response: Response): Promise<void> {
  if (method === 'POST' && LOGOUTS.has(path)) { keep(null); return; }
  const issued = response.headers.get(SESSION_TOKEN_HEADER);
  if (!issued || !response.ok) return;
  if (bearer) { keep(issued); return; } // already without a cookie: follow the rotation
  if (!(await cookieCarriesSession())) keep(issued);
}

/** Forgets the token (tests). */
export function resetSessionToken(): void {
  keep(null);
}
