// One app for a purchase test file: the providers' fakes, a database, the app built on both (the
// real ledger service), the fakes' webhooks aimed at it, and a view of what the ledger holds.
// Started before the describe's tests and stopped after them.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config';
import type { DbHandle } from '../../../server/db/createDb';
import { buildStartedApp, testConfig, type TestDatabase } from '../helpers';
import { startPurchaseFakes, type PurchaseFakes } from './purchaseFakes';
import { purchaseRows } from './purchaseRows';

export interface PurchaseApp {
  readonly app: FastifyInstance;
  readonly fakes: PurchaseFakes;
  readonly ledger: ReturnType<typeof purchaseRows>;
}

export function usePurchaseApp(database: TestDatabase, overrides: Partial<Config> = {}): PurchaseApp {
  let fakes: PurchaseFakes | undefined;
  let handle: (DbHandle & { drop(): Promise<void> }) | undefined;
  let app: FastifyInstance | undefined;
  let ledger: ReturnType<typeof purchaseRows> | undefined;
  beforeAll(async () => {
    fakes = await startPurchaseFakes();
    handle = await database.open();
    app = await buildStartedApp(testConfig({ ...fakes.config, ...overrides }), { database: handle, logger: false });
    ledger = purchaseRows(app.db);
    fakes.target(app);
  }, 60_000);
  afterAll(async () => { await app?.close(); await handle?.close(); await handle?.drop(); await fakes?.close(); });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('usePurchaseApp: not started yet (use it inside a test)');
    return value;
  };
  return {
    get app() { return started(app); },
    get fakes() { return started(fakes); },
    get ledger() { return started(ledger); },
  };
}
