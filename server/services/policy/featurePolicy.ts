// What a player may use, as one decision: the host's own rules (HOST_FEATURES_FILE, read once at
// start) and the studio's live switches (feature_switches, ./featureSwitches.ts) make the
// effective policy of each host. `featureAllowed` is the one question every refusal and every
// answer to the shell asks; the route layer asks it for each endpoint marked with a feature
// (server/route.ts), GET /api/features and the console read the same store.
//
// Another gate that belongs to the same decision (the player's age before a wager, kept on the
// account) goes into `featureAllowed` beside the host's: the player is passed in for it. It stays
// synchronous (the route layer asks it on every such request): what it needs of the player comes
// with the session (SessionUser, read by findSession), not from a query here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { said } from '../../../contract/texts';
import { FEATURE_OFF, FEATURES, HostFeaturesFile, type Feature, type FeatureMap, type FeatureState, type HostFeatureDefaults, type SwitchScope } from '../../../contract/features';
import { HOST_NAMES, type HostName } from '../../../contract/hostApi';
import { forbidden } from '../errors';

/** A switch that is off, as the store holds it. */
export interface OffSwitch { feature: Feature; host: SwitchScope; message: string }

/** Who asks: the hosts the request comes from (its session's and the page's, both must allow)
 * and the signed-in player, if any. */
export interface FeatureAsker {
  hosts: readonly HostName[];
  player?: { id: string } | null;
}

export type FeatureDecision = { on: true } | { on: false; message: string | null };

export class HostFeaturesError extends Error {}

/** Reads and checks the host defaults file: a bad one stops the server with the field named. */
export function loadHostFeatures(file: string): HostFeatureDefaults {
  let raw: unknown;
  try { raw = JSON.parse(readFileSync(resolve(file), 'utf8')); } catch (error) {
    throw new HostFeaturesError(`Cannot read the host features file ${file}: ${(error as Error).message}`);
  }
  return parseHostFeatures(raw, file);
}

export function parseHostFeatures(raw: unknown, source = 'the host features file'): HostFeatureDefaults {
  const parsed = HostFeaturesFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new HostFeaturesError(`Invalid host features in ${source}: ${lines.join('; ')}`);
  }
  return parsed.data;
}

/** The effective policy in this process: the defaults, and the switches as last read. */
export class FeaturePolicyStore {
  private switches: readonly OffSwitch[] = [];
  /** Bumped at each replace: a read that started before a later one is not applied over it. */
  private version = 0;

  constructor(readonly defaults: HostFeatureDefaults) {}

  replace(switches: readonly OffSwitch[]): void {
    this.version++;
    this.switches = switches;
  }

  /** A read of the switches that applies only if no newer one was applied meanwhile. */
  async reload(read: () => Promise<readonly OffSwitch[]>): Promise<void> {
    const started = this.version;
    const rows = await read();
    if (this.version === started) this.replace(rows);
  }

  current(): readonly OffSwitch[] { return this.switches; }

  /** One feature on one host: off by the host's rules (no message), else by a switch (its message). */
  stateOn(host: HostName, feature: Feature): FeatureState {
    if (this.defaults[host].includes(feature)) return { on: false, message: null };
    const off = this.switches.find((s) => s.feature === feature && (s.host === host || s.host === 'all'));
    // A host's own switch says more than the all-hosts one: its message first.
    const own = this.switches.find((s) => s.feature === feature && s.host === host);
    const chosen = own ?? off;
    return chosen ? { on: false, message: chosen.message || null } : { on: true, message: null };
  }

  /** Every feature on `hosts` (each must allow it). */
  policy(hosts: readonly HostName[]): FeatureMap {
    return Object.fromEntries(FEATURES.map((f) => {
      for (const host of hosts) {
        const state = this.stateOn(host, f);
        if (!state.on) return [f, state];
      }
      return [f, { on: true, message: null }];
    })) as FeatureMap;
  }

  /** Each host's policy (the console's view). */
  everyHost(): Array<{ host: HostName; features: FeatureMap }> {
    return HOST_NAMES.map((host) => ({ host, features: this.policy([host]) }));
  }
}

/** Whether `feature` is on for this asker: every host of theirs allows it and no switch is off. */
export function featureAllowed(store: FeaturePolicyStore, feature: Feature, asker: FeatureAsker): FeatureDecision {
  for (const host of asker.hosts) {
    const state = store.stateOn(host, feature);
    if (!state.on) return { on: false, message: state.message };
  }
  return { on: true };
}

/** The refusal for a feature that is off (403 FEATURE_OFF), with the studio's message when it gave one. */
export function featureOffError(message: string | null) {
  const text = message ? said('feature.offSaying', message) : said('feature.off');
  return forbidden(text.text, FEATURE_OFF).saying(text.ref);
}

/** Throws featureOffError unless `feature` is on for the asker. */
export function requireFeature(store: FeaturePolicyStore, feature: Feature, asker: FeatureAsker): void {
  const decision = featureAllowed(store, feature, asker);
  if (!decision.on) throw featureOffError(decision.message);
}
