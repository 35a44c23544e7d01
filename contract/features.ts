// What each host allows and the studio's live switches: one policy. A feature (./featureNames.ts)
// is on for a player when their host's rules allow it (the host defaults, HOST_FEATURES_FILE) AND
// no console switch has turned it off for that host or for every host. The server refuses every
// endpoint marked with the feature (`feature:` in its declaration, checked by server/route.ts);
// the shell hides what is off and the game hears it in the host API's capabilities.
import { z } from 'zod';
import { Reason } from './admin';
import { FEATURE_OFF, FEATURES, HOST_HEADER, type Feature } from './featureNames';
import { HOST_NAMES, type HostName } from './hostApi';
import { defineEndpoint } from './http';

export { FEATURE_OFF, FEATURES, HOST_HEADER, type Feature };

export const FEATURE_TEXT = {
  /** A feature the host's rules leave out, or a switch without a message. */
  off: 'This is not available here.',
  /** A switch with the studio's message to players (written by the studio, as it is). */
  offSaying: (message: string) => `This is not available right now: ${message}`,
} as const;

export const FeatureName = z.enum(FEATURES);
export const PolicyHost = z.enum(HOST_NAMES);
/** A switch's scope: one host, or every host. */
export const SwitchScope = z.enum([...HOST_NAMES, 'all']);
export type SwitchScope = z.infer<typeof SwitchScope>;

/** One feature as the players of a host get it: `message` is the studio's, where a switch gave one. */
export const FeatureState = z.object({ on: z.boolean(), message: z.string().nullable() });
export type FeatureState = z.infer<typeof FeatureState>;

export const FeatureMap = z.object(Object.fromEntries(FEATURES.map((f) => [f, FeatureState])) as Record<Feature, typeof FeatureState>);
export type FeatureMap = Record<Feature, FeatureState>;

export const FeaturePolicy = z.object({ host: PolicyHost, features: FeatureMap });
export type FeaturePolicy = z.infer<typeof FeaturePolicy>;

/** The host defaults file: for each host, the features its rules leave out (every other is on). */
export const HostFeaturesFile = z.object(Object.fromEntries(HOST_NAMES.map((h) => [h, z.array(FeatureName).default([])])) as Record<HostName, z.ZodDefault<z.ZodArray<typeof FeatureName>>>).strict();
export type HostFeatureDefaults = Record<HostName, readonly Feature[]>;

export const getFeatures = defineEndpoint({
  method: 'GET', path: '/api/features', access: 'public', readsPlayer: true,
  summary: "What is on for the caller's host: the host their session was signed in from and the host the page names (x-tripshell-host or ?host)",
  query: z.object({ host: PolicyHost.optional() }),
  response: FeaturePolicy,
});

export const featureEndpoints = { getFeatures };

// --- the console's switches ----------------------------------------------------------------

export const FeatureSwitch = z.object({
  feature: FeatureName, host: SwitchScope, message: z.string(), reason: z.string(), setBy: z.string(), setAt: z.string(),
});
export const listSwitches = defineEndpoint({
  method: 'GET', path: '/api/admin/switches', access: 'admin', summary: "The switches that are off, each host's defaults and the policy in force per host",
  response: z.object({
    switches: z.array(FeatureSwitch),
    defaults: z.record(PolicyHost, z.array(FeatureName)),
    effective: z.array(FeaturePolicy),
  }),
});
export const setSwitch = defineEndpoint({
  method: 'POST', path: '/api/admin/switches', access: 'admin',
  summary: 'Turn a feature off (with a message players see) or back on, for one host or all; every process follows within seconds',
  body: z.object({
    feature: FeatureName, host: SwitchScope, on: z.boolean(), reason: Reason,
    playerMessage: z.string().trim().max(200, 'A message to players is at most 200 characters').default(''),
  }),
  response: z.object({ ok: z.literal(true), auditId: z.number().int(), message: z.string() }),
});

export const switchEndpoints = { listSwitches, setSwitch };
