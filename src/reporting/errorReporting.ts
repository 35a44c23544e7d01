// The page's errors to the error tracker (Sentry's browser SDK), only where the page data carries
// a DSN (the server's SENTRY_DSN, contract/errorReports.ts): otherwise nothing is listened to and
// the SDK is never downloaded. Zod-free and tiny: the page's first chunk imports it, and the SDK
// itself is a chunk of its own (sentryBrowser.ts) loaded after the first paint has been asked for,
// so the first paint never waits for it (tests/unit/error-reporting-chunk.test.ts keeps it out).
// Until the SDK is in, uncaught errors and unhandled rejections are queued, then sent.
import { playerTextsSeen, rememberPlayerTexts } from '../api/currentPlayer';
import { sessionCheckAnswer } from '../api/earlySession';
import type { ErrorReportingConfig } from '../../contract/errorReports';
import { afterFirstPaint } from '../lib/afterFirstPaint';
import { pageData } from '../api/pageData';

import type { Reporter, ReportingContext, ReportingEnv } from './reportingTypes';

export type { ReportingContext } from './reportingTypes';

interface Queued { error: unknown; tags: Record<string, string> }

let started = false;
let reporter: Reporter | null = null;
const queue: Queued[] = [];

/** The player's language as the page shows it: <html lang>, which the language's owner sets. */
export function pageLocale(doc: Document = document): string {
  return doc.documentElement.lang || 'unknown';
}

/** Starts reporting when the page data asks for it. Returns whether it did. */
export function startErrorReporting(
  win: Window, context: ReportingContext,
  load: () => Promise<{ initSentry(config: ErrorReportingConfig, context: ReportingContext, env: ReportingEnv): Reporter }> = () => import('./sentryBrowser'),
  /** Whether the host lets the page reach this address (hosts/outside.ts: Poki blocks outside requests). */
  reachable: (url: string) => boolean = () => true,
): boolean {
  const config = pageData(win.document).errorReporting;
  if (!config || started) return false;
  if (!reachable(config.dsn)) { console.info(`Error reports are off on the ${context.host} host: it blocks requests to the tracker's address.`); return false; }
  started = true;
  const onError = (event: ErrorEvent) => { queue.push({ error: event.error ?? event.message, tags: { mechanism: 'onerror' } }); };
  const onRejection = (event: PromiseRejectionEvent) => { queue.push({ error: event.reason, tags: { mechanism: 'onunhandledrejection' } }); };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  const stopQueueing = () => { win.removeEventListener('error', onError); win.removeEventListener('unhandledrejection', onRejection); };
  // The SDK's chunk once the loading screen is on screen: the first paint never waits for it.
  // Nothing is sent before the session check at start has said who plays: their name is then known to the scrubbing.
  afterFirstPaint(win, () => void Promise.all([load(), sessionCheckAnswer().then(rememberSignedIn)]).then(([{ initSentry }]) => {
    // From here on the SDK's own global handlers catch what is thrown.
    stopQueueing();
    reporter = initSentry(config, context, { locale: () => pageLocale(win.document), names: playerTextsSeen });
    for (const q of queue.splice(0)) reporter.capture(q.error, q.tags);
  }, () => { stopQueueing(); queue.length = 0; }));
  return true;
}

/** The player's name and id from the session check's answer (zod-free: only two strings are read). */
function rememberSignedIn(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { username, uuid } = body as { username?: unknown; uuid?: unknown };
  if (typeof uuid === 'string' && uuid !== 'anonymous' && typeof username === 'string') rememberPlayerTexts(username, uuid);
}


/**
 * A failure the page handles itself (so no handler sees it) but we want to hear about: the game's
 * loader or build that did not load, a chunk of the shell that did not arrive. `kind` says which.
 */
export function reportFailure(error: unknown, kind: string): void {
  if (!started) return;
  const tags = { failure: kind };
  if (reporter) reporter.capture(error, tags);
  else queue.push({ error, tags });
}
