// The page data's schema (contract/pageData.ts): the server parses what it writes into the page
// with it. Kept apart from pageData.ts so the first screen's bundle, which reads the data, carries no zod.
import { z } from 'zod';
import { ERROR_REPORTING_DSN, ERROR_REPORTING_LIMITS, MAX_GAME_BYTES, MAX_UPDATE_STREAK } from './pageData';

export const PageDataSchema = z.object({
  updateStreak: z.number().int().min(0).max(MAX_UPDATE_STREAK).optional(),
  updateStreakLastDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`))).optional(),
  errorReporting: z.object({
    dsn: z.string().max(ERROR_REPORTING_LIMITS.dsn).regex(ERROR_REPORTING_DSN),
    release: z.string().min(1).max(ERROR_REPORTING_LIMITS.release),
    environment: z.string().min(1).max(ERROR_REPORTING_LIMITS.environment),
  }).strict().optional(),
  gameBytes: z.number().int().positive().max(MAX_GAME_BYTES).optional(),
}).strict();
