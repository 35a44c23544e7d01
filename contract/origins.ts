// Host and origin matching for the hosts (contract/activity.ts) and the bridge. No zod: the
// shell's first screen uses these to pick its host adapter.

/** True when `hostname` is `domain` or one of its subdomains. */
export function hostMatches(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase();
  const d = domain.toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

/** 'https://*.crazygames.com' matches https://www.crazygames.com, not https://crazygames.com.evil. */
export function originMatches(origin: string, pattern: string): boolean {
  if (origin === pattern) return true;
  const wild = /^(https?):\/\/\*\.(.+)$/.exec(pattern);
  if (!wild) return false;
  let url: URL;
  try { url = new URL(origin); } catch { return false; }
  return url.protocol === `${wild[1]}:` && url.hostname.endsWith(`.${wild[2]}`) && url.origin === origin;
}
