// The feature policy (services/policy/featurePolicy.ts) as app.features: the host defaults,
// loaded and checked once (a bad HOST_FEATURES_FILE stops the app here, naming the field), and
// the switches as this process last read them. The start-up step (server/start.ts) makes the
// first read and follows every change; server/route.ts asks it for each endpoint with a feature.
import fp from 'fastify-plugin';
import { FeaturePolicyStore, loadHostFeatures } from '../services/policy/featurePolicy';
import { readSwitches } from '../services/policy/featureSwitches';

export interface Features {
  store: FeaturePolicyStore;
  /** Reads the switches again now. */
  refresh(): Promise<void>;
}

export default fp(async (app) => {
  const store = new FeaturePolicyStore(loadHostFeatures(app.config.HOST_FEATURES_FILE));
  const features: Features = { store, refresh: () => store.reload(() => readSwitches(app.db)) };
  app.decorate('features', features);
}, { name: 'features', dependencies: ['config', 'database'] });
