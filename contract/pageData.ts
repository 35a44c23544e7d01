// What the server puts into the shell's page for its first frame: today only
// the daily update streak, counted from the release log (contract/releaseStreak.ts), so the
// loading screen's badge shows the release notes' figure from its first frame, with no request.
// The server checks what it writes against the zod schema (contract/pageDataSchema.ts); the
// first screen, whose bundle carries no zod, reads it with readPageData below, which takes
// exactly what that schema takes (tests/unit/page-data.test.ts runs both over the same inputs)
// and falls back to nothing (the loading screen's default, the spec's 223) on anything else.

/** The id of the `<script type="application/json">` element holding the page data. */
export const PAGE_DATA_ELEMENT_ID = 'tripshell-page-data';
/** A streak longer than this is not a streak but a bug (about 270 years of daily updates). */
export const MAX_UPDATE_STREAK = 100_000;
/** The largest game build the page data names (in bytes): a browser game is far below 4 GiB. */
export const MAX_GAME_BYTES = 2 ** 32;

import type { ErrorReportingConfig } from './errorReports';

export interface PageData {
  /** The daily update streak the release notes count; absent when there is no release data. */
  updateStreak?: number;
  /** The newest release day the streak counts (YYYY-MM-DD): an older one means the streak ended. */
  updateStreakLastDay?: string;
  /** Where the shell reports its errors (Sentry's browser SDK, loaded only then); absent: off. */
  errorReporting?: ErrorReportingConfig;
  /**
   * The bytes of the game build the server serves (its four files as they go over the wire):
   * the loading screen's "loaded / total" figure. Absent when the server cannot tell (no build,
   * an incomplete one): the screen then shows the percentage alone, never a made-up size.
   */
  gameBytes?: number;
}

const PAGE_DATA_KEYS = new Set(['updateStreak', 'updateStreakLastDay', 'errorReporting', 'gameBytes']);
/** The error reporting part's limits, the same in the zod schema (contract/pageDataSchema.ts). */
export const ERROR_REPORTING_LIMITS = { dsn: 300, release: 100, environment: 64 } as const;
const DSN = /^https?:\/\/[^\s/@:]+@[^\s/@]+\/(?:[^\s?#]*\/)?\d+$/;

function isErrorReporting(value: unknown): value is ErrorReportingConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  const keys = Object.keys(r);
  return keys.length === 3 && keys.every((k) => k in ERROR_REPORTING_LIMITS)
    && typeof r.dsn === 'string' && r.dsn.length <= ERROR_REPORTING_LIMITS.dsn && DSN.test(r.dsn)
    && typeof r.release === 'string' && r.release.length >= 1 && r.release.length <= ERROR_REPORTING_LIMITS.release
    && typeof r.environment === 'string' && r.environment.length >= 1 && r.environment.length <= ERROR_REPORTING_LIMITS.environment;
}
export const ERROR_REPORTING_DSN = DSN;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const isGameBytes = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_GAME_BYTES;

const isStreak = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_UPDATE_STREAK;

/** The page data from its JSON text; {} for anything the schema would refuse. */
export function readPageData(json: string | null | undefined): PageData {
  if (!json) return {};
  let value: unknown;
  try { value = JSON.parse(json); } catch { return {}; }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  if (Object.keys(record).some((key) => !PAGE_DATA_KEYS.has(key))) return {};
  const data: PageData = {};
  if ('updateStreak' in record) {
    if (!isStreak(record.updateStreak)) return {};
    data.updateStreak = record.updateStreak;
  }
  if ('updateStreakLastDay' in record) {
    if (!isDay(record.updateStreakLastDay)) return {};
    data.updateStreakLastDay = record.updateStreakLastDay;
  }
  if ('errorReporting' in record) {
    if (!isErrorReporting(record.errorReporting)) return {};
    data.errorReporting = record.errorReporting;
  }
  if ('gameBytes' in record) {
    if (!isGameBytes(record.gameBytes)) return {};
    data.gameBytes = record.gameBytes;
  }
  return data;
}

/**
 * The element written into the page: JSON in a script element the browser never runs, with
 * `<` escaped so no text can close the element early.
 */
export function pageDataElement(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
