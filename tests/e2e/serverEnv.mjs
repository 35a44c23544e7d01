// How the end-to-end suite's shared server is started: by Playwright (playwright.config.ts's
// webServer) for a run on its own, or by `npm test` (scripts/test.mjs) once per lane for all the
// chunks of the suite that lane runs. Plain JavaScript, as scripts/test.mjs loads it without a
// TypeScript loader.

/** The e2e server's game-server key (tests/e2e/players.ts awards coins with it). */
export const GAME_SERVER_KEY = 'e2e-game-server-key-0123456789';

/** server/main.ts itself, after tests/e2e/server.ts started a local chain and the fakes. */
export const E2E_SERVER_COMMAND = ['node', '--import', 'tsx', 'tests/e2e/server.ts'];

/** The server's environment on `port`: a throwaway in-memory database, cheap sign-ups, no rate limits. */
export function e2eServerEnv(port) {
  return {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn',
    SCRYPT_LOG_N: '14', ALTCHA_COST: '50', ALTCHA_MAX_COUNTER: '400', RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_PER_ADDRESS: '10000', AUTH_RATE_PER_USERNAME: '1000',
    GAME_SERVER_KEY,
    // Players made by a test trade at once: no new-account hold (tests/api/trade-holds.test.ts covers it).
    NEW_ACCOUNT_HOLD_HOURS: '0',
  };
}

/** Set by `npm test` when it started the server on E2E_PORT itself: Playwright then uses it. */
export const SERVER_STARTED_ENV = 'E2E_SERVER_STARTED';
