import { defineConfig } from '@playwright/test';
import { E2E_SERVER_COMMAND, e2eServerEnv, SERVER_STARTED_ENV } from './tests/e2e/serverEnv.mjs';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
// product served by the real server on a throwaway in-memory database.
const port = Number(process.env.E2E_PORT ?? 8181);
// WebGL (the demo game, the level background) on SwiftShader; the page itself composited in
// software, which costs the suite's runs ~10% less CPU than compositing through SwiftShader too.
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu-compositing'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // A click or a fill waits at most this long for its element: without it one that never
    // appears waits out the whole test (five minutes for the clan specs) before saying where.
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // The phone viewport reruns the tests about what its layout changes (titled "[both]": the
    // screens' and overlays' layout and accessibility, the settings drawer, touch input, line
    // breaks, toasts clear of a dialog, the performance line). A flow (sign-up, a trade, a clan,
    // the rights) runs once, on desktop: its steps are the same on a phone, and the screens it
    // passes are checked on the phone by those tests.
    { name: 'phone', grep: /\[both\]/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    // server/main.ts itself, after tests/e2e/server.ts started a local chain (ganache on
    // E2E_PORT + 1000), the fake marketplace and a local explorer for the Mythical Bridge.
    // `npm test` starts it once per lane for all the chunks the lane runs, and says so.
    command: E2E_SERVER_COMMAND.join(' '),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: process.env[SERVER_STARTED_ENV] === '1',
    // A cold start (tsx transpile, PGlite initdb, migrations) takes ~10 s idle but was seen at
    // 40 s on a loaded 2-core machine.
    timeout: 240_000,
    env: e2eServerEnv(port),
  },
});
