// The types between the page's error reporting (errorReporting.ts, in the first chunk) and the
// SDK's chunk (sentryBrowser.ts), apart so neither imports the other.

/** Where the page runs and which part of it: tags on every report. */
export interface ReportingContext { host: string; surface: 'shell' | 'console' }

/** What the SDK chunk gives back once it is in. */
export interface Reporter { capture(error: unknown, tags: Record<string, string>): void }

/** What the SDK reads at each report: the page's locale now, and the texts never to send. */
export interface ReportingEnv { locale(): string; names(): string[] }
