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
