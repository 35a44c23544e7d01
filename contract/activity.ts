// activity.config.json: how the shell meets its three hosts (the standalone site, the CrazyGames
// portal and a Discord Activity). Bundled into the shell and parsed once with this schema, so a
// typo in the file fails the build's tests rather than a player's session.
import { z } from 'zod';
import { strangerWildcard } from './origins';

/** A Discord URL mapping (Activity proxy): requests to `target` go through `/.proxy{prefix}`. */
export const UrlMapping = /* @__PURE__ */ (() => z.object({
  prefix: z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, 'prefix starts with / and is a path'),
  target: z.string().min(1).regex(/^[A-Za-z0-9.-]+(:\d+)?(\/[^\s]*)?$/, 'target is a host (and optional path) without a scheme'),
}))();
export type UrlMapping = z.infer<typeof UrlMapping>;

/** An origin, or a wildcard origin over the studio's own domain (https://*.example.com); never a
 * wildcard over a domain whose subdomains are other people's sites (https://*.discordsays.com). */
const OriginPattern = /* @__PURE__ */ (() => z.string()
  .regex(/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/, 'an origin such as https://example.com or https://*.example.com')
  .superRefine((v, ctx) => { const why = strangerWildcard(v); if (why) ctx.addIssue({ code: 'custom', message: why }); }))();

/** A link shown in About: https pages or a mailto address, nothing that runs script. */
export const AboutLink = /* @__PURE__ */ (() => z.object({
  label: z.string().min(1).max(40),
  href: z.string().regex(/^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+\.[^\s@]+)$/, 'an https:// address or a mailto: address'),
}))();
export type AboutLink = z.infer<typeof AboutLink>;

/** A build-relative or absolute URL path (no scheme, no host: the game's files stay on our origin). */
const LocalUrl = /* @__PURE__ */ (() => z.string().min(1).max(300).regex(/^(?![A-Za-z][A-Za-z0-9+.-]*:)(?!\/\/)[^\s]*$/, 'a path on our own origin, such as game/StreamingAssets'))();

/** createUnityInstance's options that a Unity template sets (pixel ratio 1.5). */
export const GameLoaderConfig = /* @__PURE__ */ (() => z.object({
  companyName: z.string().min(1).max(100).default('TripLand'),
  productName: z.string().min(1).max(100).default('TripShell'),
  productVersion: z.string().min(1).max(50).default('1.0'),
  /** Where the build's StreamingAssets/ are served (server/plugins/static.ts STREAMING_ASSETS_PATH). */
  streamingAssetsUrl: LocalUrl.default('game/StreamingAssets'),
  devicePixelRatio: z.number().min(0.5).max(4).default(1.5),
  /** Never render above the screen's own ratio (a 1x screen renders at 1, not 1.5). */
  capPixelRatioAtScreen: z.boolean().default(false),
}))();
export type GameLoaderConfig = z.infer<typeof GameLoaderConfig>;

/**
 * When the loading screen ends: 'hook' waits for the game's completion hook, and completes
 * anyway (with a console warning) hookTimeoutSeconds after createUnityInstance resolved;
 * 'instance' completes as soon as createUnityInstance resolves (builds without our bridge).
 */
export const GameCompletionConfig = /* @__PURE__ */ (() => z.object({
  policy: z.enum(['hook', 'instance']).default('hook'),
  hookTimeoutSeconds: z.number().positive().max(600).default(15),
}))();
export type GameCompletionConfig = z.infer<typeof GameCompletionConfig>;

export const GameConfig = /* @__PURE__ */ (() => z.object({
  loader: GameLoaderConfig.prefault({}),
  completion: GameCompletionConfig.prefault({}),
}))();
export type GameConfig = z.infer<typeof GameConfig>;

export const ActivityConfig = /* @__PURE__ */ (() => z.object({
  discord: z.object({
    /** The Discord application's client id (the Activity's application). */
    clientId: z.string().regex(/^\d{17,20}$/, 'a Discord application id (17 to 20 digits)'),
    /** Hosts the Activity runs on; the Discord adapter is chosen only on these. */
    hosts: z.array(z.string().min(1)).min(1),
    /** URL mappings applied with the SDK's patchUrlMappings (empty: the API is on our own origin). */
    urlMappings: z.array(UrlMapping).default([]),
    /** How long the SDK's ready() may take before the Activity gives up on it and offers the web sign-in. */
    readyTimeoutSeconds: z.number().positive().max(120).default(10),
    /** On phones, the orientation the Activity is locked to (Discord's setOrientationLockState); left out: Discord's default. */
    orientationLock: z.enum(['unlocked', 'portrait', 'landscape']).optional(),
  }),
  crazygames: z.object({
    sdkUrl: z.url().refine((u) => u.startsWith('https://'), 'the SDK is loaded over https'),
    /** Portal hosts: our page is on one of them, or framed by one. */
    hosts: z.array(z.string().min(1)).min(1),
  }),
  /** Poki: its SDK script, and the hosts our page is on or framed by there (poki.com, its game CDN). */
  poki: z.object({
    sdkUrl: z.url().refine((u) => u.startsWith('https://'), 'the SDK is loaded over https'),
    hosts: z.array(z.string().min(1)).min(1),
  }).default({ sdkUrl: 'https://game-cdn.poki.com/scripts/v2/poki-sdk.js', hosts: ['poki.com', 'poki-gdn.com'] }),
  /** Parent windows (besides our own origin) whose WALLET_NOTIFICATION messages are accepted. */
  parentOrigins: z.array(OriginPattern).default([]),
  /**
   * The About section's links beside the legal pages (which the server always serves at /privacy
   * and /terms). A group with no link is not shown: a placeholder that leads nowhere is worse
   * than no link.
   */
  about: z.object({
    community: z.array(AboutLink).default([]),
    support: z.array(AboutLink).default([]),
  }).default({ community: [], support: [] }),

  game: GameConfig.prefault({}),
}))();
export type ActivityConfig = z.infer<typeof ActivityConfig>;
