// Allowed-origin wildcards (contract/origins.ts): the scheme, the domain and the port all count.
import { describe, expect, it } from 'vitest';
import { originMatches } from '../../contract/origins';

describe('originMatches', () => {
  it('accepts subdomains of a wildcard on the default port only', () => {
    expect(originMatches('https://www.crazygames.com', 'https://*.crazygames.com')).toBe(true);
    expect(originMatches('https://a.b.crazygames.com', 'https://*.crazygames.com')).toBe(true);
    expect(originMatches('https://www.crazygames.com:443', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://www.crazygames.com:444', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://www.crazygames.com:8443', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('http://www.crazygames.com', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://crazygames.com', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://www.crazygames.com.evil', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://evilcrazygames.com', 'https://*.crazygames.com')).toBe(false);
    expect(originMatches('https://www.crazygames.com/path', 'https://*.crazygames.com')).toBe(false);
  });

  it('accepts only the port a wildcard names', () => {
    expect(originMatches('https://a.example.com:8443', 'https://*.example.com:8443')).toBe(true);
    expect(originMatches('https://a.example.com', 'https://*.example.com:8443')).toBe(false);
    expect(originMatches('https://a.example.com:8444', 'https://*.example.com:8443')).toBe(false);
    expect(originMatches('https://a.example.com', 'https://*.example.com:443')).toBe(true);
  });

  it('matches exact origins exactly', () => {
    expect(originMatches('https://discord.com', 'https://discord.com')).toBe(true);
    expect(originMatches('https://discord.com:444', 'https://discord.com')).toBe(false);
  });
});
