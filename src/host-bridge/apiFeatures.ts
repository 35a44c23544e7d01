// What the host's rules and the studio's switches allow: in capabilities, and as the `features`
// event at every change (only the changes); a call whose feature is off answers `featureOff`.
import type { HostAnswer, HostEvent } from '../../contract/game';
import { FEATURES, type Feature } from '../../contract/featureNames';
import type { FeatureState } from '../../contract/features';
import { featureFlags, featureState, subscribeFeatures } from '../api/features';

export interface FeatureSource { state(feature: Feature): FeatureState; subscribe(listener: () => void): () => void }

export function createApiFeatures(given: FeatureSource | undefined, emit: (event: HostEvent) => void) {
  const features = given ?? { state: featureState, subscribe: subscribeFeatures };
  const flags = () => (given ? Object.fromEntries(FEATURES.map((f) => [f, features.state(f).on])) as Record<Feature, boolean> : featureFlags());
  let toldFlags = JSON.stringify(flags());
  const unsubscribe = features.subscribe(() => {
    const now = flags();
    const key = JSON.stringify(now);
    if (key === toldFlags) return;
    toldFlags = key;
    emit({ type: 'features', features: now });
  });
  return {
    flags,
    on: (feature: Feature) => features.state(feature).on,
    /** The `unavailable` answer for a call whose feature is off, or null. */
    off(feature: Feature): HostAnswer | null {
      const state = features.state(feature);
      return state.on ? null : { status: 'unavailable', reason: state.message ? `featureOff: ${state.message}` : 'featureOff' };
    },
    dispose: unsubscribe,
  };
}
