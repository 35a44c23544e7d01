// Every API endpoint, in one list. The quality harness (fuzzing, authz, benchmarks) walks this
// list, so a new endpoint is covered the day its contract file adds it here.
import type { EndpointDef } from './http';
import { authEndpoints } from './auth';
import { systemEndpoints } from './system';
import { economyEndpoints } from './economy';
import { marketplaceEndpoints } from './marketplace';
import { coinflipEndpoints } from './coinflip';
import { crateEndpoints } from './crates';
import { progressEndpoints } from './progress';
import { profileEndpoints } from './profile';
import { releaseEndpoints } from './releases';
import { clanEndpoints } from './clans';
import { accountEndpoints } from './accounts';
import { rightsEndpoints } from './rights';
import { ageEndpoints } from './age';
import { bridgeEndpoints } from './bridge';
import { settingsEndpoints } from './settings';
import { adminEndpoints } from './admin';
import { adminPurchaseEndpoints } from './adminPurchases';
import { myEconomyEndpoints } from './myEconomy';
import { purchaseEndpoints } from './purchaseEndpoints';
import { featureEndpoints, switchEndpoints } from './features';
import { tradeEndpoints } from './trade';
import { adminHoldEndpoints } from './adminHolds';
import { leaderboardEndpoints } from './leaderboards';

export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointDef>> = {
  system: systemEndpoints,
  auth: authEndpoints,
  economy: economyEndpoints,
  marketplace: marketplaceEndpoints,
  coinflip: coinflipEndpoints,
  crates: crateEndpoints,
  progress: progressEndpoints,
  profile: profileEndpoints,
  releases: releaseEndpoints,
  clans: clanEndpoints,
  accounts: accountEndpoints,
  rights: rightsEndpoints,
  age: ageEndpoints,
  bridge: bridgeEndpoints,
  settings: settingsEndpoints,
  admin: adminEndpoints,
  adminPurchases: adminPurchaseEndpoints,
  adminHolds: adminHoldEndpoints,
  me: myEconomyEndpoints,
  trade: tradeEndpoints,
  purchases: purchaseEndpoints,
  features: featureEndpoints,
  switches: switchEndpoints,
  leaderboards: leaderboardEndpoints,
};

export const ALL_ENDPOINTS: EndpointDef[] = Object.values(ENDPOINT_GROUPS).flatMap((g) => Object.values(g));
