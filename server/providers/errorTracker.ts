// The server's unexpected errors (the 500 path of server/plugins/errors.ts) sent to the error
// tracker through Sentry's Node SDK, only when SENTRY_DSN is set: otherwise the SDK is never even
// loaded. One client per app, on a scope of its own (no global hub, no OpenTelemetry set-up, no
// default integrations: nothing patches Node's modules or watches the process). Events go
// through contract/errorReports.ts scrubEvent: no user, request body, headers, cookies or query.
import { scrubEvent } from '../../contract/errorReports';

export interface ErrorTracker {
  /** Reports one error with where it happened (the route's pattern, never its address);
   * `names`: the signed-in player's own texts (their username), replaced wherever they appear. */
  capture(error: unknown, where: { method: string; route: string }, names?: readonly string[]): void;
  /** Sends what is queued (at shutdown), waiting at most `ms`. */
  flush(ms: number): Promise<boolean>;
}

/** What the tracker reads of the configuration (server/config.ts's fields of those names). */
export interface ErrorTrackerConfig {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT?: string | undefined;
  APP_VERSION: string;
  NODE_ENV: string;
}

export async function createErrorTracker(config: ErrorTrackerConfig): Promise<ErrorTracker | null> {
  if (!config.SENTRY_DSN) return null;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: config.SENTRY_DSN,
    release: config.APP_VERSION,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    // server_name (the machine's host name) stays: it says which process failed, nothing of a player.
    beforeSend: (event) => scrubEvent(event),
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  scope.setTag('side', 'server');
  client.init();
  return {
    capture(error, where, names = []) {
      const s = scope.clone();
      s.setTags({ method: where.method, route: where.route });
      if (names.length) s.addEventProcessor((event) => scrubEvent(event, names));
      s.captureException(error);
    },
    flush: (ms) => Promise.resolve(client.flush(ms)),
  };
}
