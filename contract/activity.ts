// activity.config.json: how the shell meets its three hosts (the standalone site, the CrazyGames
// portal and a Discord Activity). Bundled into the shell and parsed once with this schema, so a
// typo in the file fails the build's tests rather than a player's session.
import { z } from 'zod';

/** A Discord URL mapping (Activity proxy): requests to `target` go through `/.proxy{prefix}`. */
export const UrlMapping = /* @__PURE__ */ (() => z.object({
  prefix: z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, 'prefix starts with / and is a path'),
  target: z.string().min(1).regex(/^[A-Za-z0-9.-]+(:\d+)?(\/[^\s]*)?$/, 'target is a host (and optional path) without a scheme'),
}))();
export type UrlMapping = z.infer<typeof UrlMapping>;

/** An origin, or a wildcard origin such as https://*.crazygames.com. */
const OriginPattern = /* @__PURE__ */ (() => z.string().regex(/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/, 'an origin such as https://example.com or https://*.example.com'))();

export const ActivityConfig = /* @__PURE__ */ (() => z.object({
  discord: z.object({
    /** The Discord application's client id (the Activity's application). */
    clientId: z.string().regex(/^\d{17,20}$/, 'a Discord application id (17 to 20 digits)'),
    /** Hosts the Activity runs on; the Discord adapter is chosen only on these. */
    hosts: z.array(z.string().min(1)).min(1),
    /** URL mappings applied with the SDK's patchUrlMappings (empty: the API is on our own origin). */
    urlMappings: z.array(UrlMapping).default([]),
  }),
  crazygames: z.object({
    sdkUrl: z.url().refine((u) => u.startsWith('https://'), 'the SDK is loaded over https'),
    /** Portal hosts: our page is on one of them, or framed by one. */
    hosts: z.array(z.string().min(1)).min(1),
  }),
  /** Parent windows (besides our own origin) whose WALLET_NOTIFICATION messages are accepted. */
  parentOrigins: z.array(OriginPattern).default([]),
}))();
export type ActivityConfig = z.infer<typeof ActivityConfig>;
