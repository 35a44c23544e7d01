// Host and origin matching for the hosts (contract/activity.ts) and the bridge. No zod: the
// shell's first screen uses these to pick its host adapter.

/** True when `hostname` is `domain` or one of its subdomains. */
export function hostMatches(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase();
  const d = domain.toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

/**
 * 'https://*.crazygames.com' matches https://www.crazygames.com, not https://crazygames.com.evil
 * and not https://www.crazygames.com:444: a wildcard names the scheme's default port unless it
 * names a port itself ('https://*.example.com:8443').
 */
export function originMatches(origin: string, pattern: string): boolean {
  if (origin === pattern) return true;
  const wild = /^(https?):\/\/\*\.([^/:*]+)(?::(\d{1,5}))?$/.exec(pattern);
  if (!wild) return false;
  let url: URL;
  try { url = new URL(origin); } catch { return false; }
  if (url.origin !== origin || url.protocol !== `${wild[1]}:`) return false;
  const defaultPort = wild[1] === 'https' ? '443' : '80';
  const port = wild[3] === undefined || wild[3] === defaultPort ? '' : wild[3];
  return url.port === port && url.hostname.endsWith(`.${wild[2]!.toLowerCase()}`);
}

/**
 * Domains under which every subdomain is someone else's site: each Discord Activity is its own
 * `<client id>.discordsays.com` (discordsays.com is on the Public Suffix List), and CrazyGames
 * serves other developers' games from its subdomains. A short list of the suffixes a studio is
 * likely to write, not the whole Public Suffix List.
 */
export const SHARED_SUFFIXES: readonly string[] = [
  'discordsays.com', 'crazygames.com', 'github.io', 'pages.dev', 'workers.dev', 'vercel.app', 'netlify.app',
  'herokuapp.com', 'web.app', 'firebaseapp.com', 'azurewebsites.net', 'cloudfront.net', 'co.uk', 'com.au',
];

/**
 * Why an origin pattern would trust strangers, or null when it names only its owner's origins:
 * a bare `*` or scheme source, a wildcard over a single label (`https://*.com`), or a wildcard
 * directly under a shared suffix (`https://*.discordsays.com`: every Activity on Discord).
 */
export function strangerWildcard(pattern: string): string | null {
  const p = pattern.trim().toLowerCase();
  if (p === '*' || /^[a-z][a-z0-9+.-]*:(\/\/\*?)?$/.test(p)) return `"${pattern}" lets any site in`;
  const wild = /^(?:[a-z][a-z0-9+.-]*:\/\/)?\*\.([^/:]+)(?::\d+|:\*)?\/?$/.exec(p);
  if (!wild) return null;
  const domain = wild[1]!.replace(/\.$/, '');
  if (!domain.includes('.')) return `"${pattern}" is a wildcard over a whole top-level domain`;
  if (SHARED_SUFFIXES.includes(domain)) return `"${pattern}" trusts every site under ${domain}, which belongs to other developers (a public suffix)`;
  return null;
}
