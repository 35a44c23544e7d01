// Which hosts may sell TripCoin packs, from the configuration, and what a production process
// refuses about their keys: one host's keys go together (a webhook secret without the API key
// would take payments it cannot confirm), no key the playground's fakes generate, and no provider
// reached over plain http.
import type { PurchaseHost } from '../../contract/purchases';

/** Every secret the fakes (tests/fakes/) generate starts with this: production refuses it. */
export const FAKE_SECRET_PREFIX = 'fake_';

// The settings this file reads, named here rather than taken from ../config (which calls
// purchaseConfigProblems from its production checks: an import the other way round would be a cycle).
type Key = string | undefined;
type PurchaseKeys = {
  DISCORD_CLIENT_ID?: Key; DISCORD_BOT_TOKEN?: Key; DISCORD_PUBLIC_KEY?: Key;
  XSOLLA_PROJECT_ID?: Key; XSOLLA_API_KEY?: Key; XSOLLA_WEBHOOK_SECRET?: Key;
  WEB_CHECKOUT_SECRET_KEY?: Key; WEB_CHECKOUT_WEBHOOK_SECRET?: Key;
};
type PurchaseSettings = PurchaseKeys & { DISCORD_API_BASE: string; XSOLLA_API_BASE: string; WEB_CHECKOUT_API_BASE: string };

/** The keys each host needs to sell, by name. Discord's application id is DISCORD_CLIENT_ID. */
export function purchaseKeys(c: PurchaseKeys): Record<PurchaseHost, Record<string, string | undefined>> {
  return {
    discord: { DISCORD_CLIENT_ID: c.DISCORD_CLIENT_ID, DISCORD_BOT_TOKEN: c.DISCORD_BOT_TOKEN, DISCORD_PUBLIC_KEY: c.DISCORD_PUBLIC_KEY },
    crazygames: { XSOLLA_PROJECT_ID: c.XSOLLA_PROJECT_ID, XSOLLA_API_KEY: c.XSOLLA_API_KEY, XSOLLA_WEBHOOK_SECRET: c.XSOLLA_WEBHOOK_SECRET },
    web: { WEB_CHECKOUT_SECRET_KEY: c.WEB_CHECKOUT_SECRET_KEY, WEB_CHECKOUT_WEBHOOK_SECRET: c.WEB_CHECKOUT_WEBHOOK_SECRET },
  };
}

/** A host whose keys are all set (the product table must also map a pack to it to sell). */
export function hostHasKeys(c: PurchaseKeys, host: PurchaseHost): boolean {
  return Object.values(purchaseKeys(c)[host]).every(Boolean);
}

/** The purchase part of productionProblems (config.ts). */
export function purchaseConfigProblems(c: PurchaseSettings): string[] {
  const problems: string[] = [];
  const keys = purchaseKeys(c);
  for (const host of ['crazygames', 'web'] as const) {
    const set = Object.entries(keys[host]).filter(([, v]) => v);
    const missing = Object.entries(keys[host]).filter(([, v]) => !v).map(([k]) => k);
    if (set.length && missing.length) problems.push(`${Object.keys(keys[host]).join(', ')} go together (purchases on ${host}): ${missing.join(', ')} missing`);
  }
  // Discord's application id is also its sign-in's: only the two purchase keys are tied to it.
  if (Boolean(c.DISCORD_BOT_TOKEN) !== Boolean(c.DISCORD_PUBLIC_KEY)) problems.push('DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY go together (purchases on Discord): one of them is missing');
  if (c.DISCORD_BOT_TOKEN && !c.DISCORD_CLIENT_ID) problems.push('DISCORD_BOT_TOKEN is set without DISCORD_CLIENT_ID: the entitlements belong to that application');
  const secrets = { DISCORD_BOT_TOKEN: c.DISCORD_BOT_TOKEN, XSOLLA_API_KEY: c.XSOLLA_API_KEY, XSOLLA_WEBHOOK_SECRET: c.XSOLLA_WEBHOOK_SECRET, WEB_CHECKOUT_SECRET_KEY: c.WEB_CHECKOUT_SECRET_KEY, WEB_CHECKOUT_WEBHOOK_SECRET: c.WEB_CHECKOUT_WEBHOOK_SECRET };
  for (const [name, value] of Object.entries(secrets)) {
    if (value?.includes(FAKE_SECRET_PREFIX)) problems.push(`${name} is a key of the playground's fakes: give the provider's real one`);
  }
  // The providers' bases over http: config.ts trustProblems (every trust anchor, keys or not).
  return problems;
}
