// Sentry's browser SDK, set up for the page (src/reporting/errorReporting.ts loads this chunk only when
// the page data carries a DSN). Every event carries the host, the surface (shell or console),
// the release (the server's APP_VERSION) and the player's locale, and goes through
// contract/errorReports.ts scrubEvent: no user, no request but its address without the query,
// no breadcrumbs, the player's names and ids replaced. No tracing, no replay, no session pings.
import { breadcrumbsIntegration, browserSessionIntegration, captureException, init, withScope } from '@sentry/browser';
import { scrubEvent, type ErrorReportingConfig } from '../../contract/errorReports';
import type { Reporter, ReportingContext, ReportingEnv } from './reportingTypes';

const LEFT_OUT = new Set<string>([breadcrumbsIntegration().name, browserSessionIntegration().name]);

export function initSentry(config: ErrorReportingConfig, context: ReportingContext, env: ReportingEnv): Reporter {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    maxBreadcrumbs: 0,
    integrations: (defaults) => defaults.filter((i) => !LEFT_OUT.has(i.name)),
    initialScope: { tags: { host: context.host, surface: context.surface } },
    beforeSend(event) {
      event.tags = { ...event.tags, locale: env.locale(), browser_locale: navigator.language };
      return scrubEvent(event, env.names());
    },
  });
  return {
    capture(error, tags) {
      withScope((scope) => {
        scope.setTags(tags);
        captureException(error);
      });
    },
  };
}
