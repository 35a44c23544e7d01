// The page asks for the game's code itself (<link rel="preload"> for the framework and the
// WebAssembly) where its game starts at once: their download then begins while the page parses,
// instead of after the build's loader has run on a main thread the shell's first screen keeps
// busy. Unity's loader and the demo's fetch each file with a plain same-origin GET, which an
// `as="fetch" crossorigin` preload answers, so nothing is downloaded twice.
// Not the data file: the WebAssembly's compile is the start's critical path, and a trace with the
// data preloaded too showed the code finishing a second later, the two sharing the line. And
// Unity keeps the data in its own IndexedDB cache and asks for it with its own revalidation
// headers, which a preload cannot match: for a returning player (most of them) a data preload
// would be a second request for a file the game already holds.
//
// Only where the shell's start waits for nothing (the own site; src/app/gameStart.ts, `gated`):
// the portal holds the download for its SDK and the Discord Activity for its sign-in at start
// (hosts/crazygames, hosts/discord), and a preload would start it behind their backs. Both run
// in a host's frame, which the browser tells the server (Sec-Fetch-Dest: iframe); a browser that
// says nothing gets no preloads. A top-level page that is still the portal's (its own domains, its
// local-SDK switch) or the Activity's (its frame parameters) gets none either.
import activity from '../../activity.config.json';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { hostMatches } from '../../contract/origins';

/** What the server reads of the page's request. */
export interface PageRequest {
  /** The Sec-Fetch-Dest header: 'document' for a top-level page, 'iframe' in a host's frame. */
  fetchDest: string | undefined;
  hostname: string;
  query: URLSearchParams;
}

const PORTAL_DOMAINS: readonly string[] = activity.crazygames.hosts;

/** Whether this page's game starts without waiting for a host (so its files may be asked for at once). */
export function startsGameAtOnce(page: PageRequest): boolean {
  if (page.fetchDest !== 'document') return false;
  if (page.query.get('useLocalSdk') === 'true') return false;
  if (page.query.has('frame_id') || page.query.has('instance_id')) return false;
  return !PORTAL_DOMAINS.some((domain) => hostMatches(page.hostname, domain));
}

/** The preload links, in the order the loader asks for the files (framework, then code). */
export const GAME_PRELOAD_LINKS = [GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl]
  .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin data-game-preload>`)
  .join('\n    ');

/** The page with the preload links right after the build's loader script (or at the end of its head). */
export function withGamePreloads(html: string): string {
  const loader = /<script\b[^>]*\bdata-game-loader-page\b[^>]*><\/script>/.exec(html);
  if (loader) {
    const at = loader.index + loader[0].length;
    return `${html.slice(0, at)}\n    ${GAME_PRELOAD_LINKS}${html.slice(at)}`;
  }
  return html.replace('</head>', `  ${GAME_PRELOAD_LINKS}\n  </head>`);
}
