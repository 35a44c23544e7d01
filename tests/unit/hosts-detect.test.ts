// Host detection (hosts/detect.ts) from the page address and frame, with the real
// activity.config.json, which must also satisfy its schema.
import { describe, expect, it } from 'vitest';
import activity from '../../activity.config.json';
import { ActivityConfig } from '../../contract/activity';
import { detectHost, pageContext, type PageContext } from '../../hosts/detect';

const page = (href: string, extra: Partial<PageContext> = {}): PageContext => ({ href, framed: false, referrer: '', ancestorOrigins: [], ...extra });
const ACTIVITY = '?frame_id=f1&instance_id=i-9&platform=desktop';

describe('activity.config.json', () => {
  it('satisfies its schema', () => {
    const parsed = ActivityConfig.parse(activity);
    expect(parsed.crazygames.sdkUrl).toBe('https://sdk.crazygames.com/crazygames-sdk-v3.js');
    expect(parsed.discord.hosts).toEqual(expect.arrayContaining(['discordsays.com', 'discord.com']));
  });

  it('rejects a config with a bad client id, an http SDK or a scheme in a URL mapping target', () => {
    expect(ActivityConfig.safeParse({ ...activity, discord: { ...activity.discord, clientId: 'abc' } }).success).toBe(false);
    expect(ActivityConfig.safeParse({ ...activity, crazygames: { ...activity.crazygames, sdkUrl: 'http://sdk.crazygames.com/x.js' } }).success).toBe(false);
    expect(ActivityConfig.safeParse({ ...activity, discord: { ...activity.discord, urlMappings: [{ prefix: '/api', target: 'https://api.example.com' }] } }).success).toBe(false);
    expect(ActivityConfig.safeParse({ ...activity, discord: { ...activity.discord, urlMappings: [{ prefix: '/api', target: 'api.example.com' }] } }).success).toBe(true);
  });
});

describe('detecting the host', () => {
  it('is the web on our own site, framed or not', () => {
    expect(detectHost(page('https://tripshell.example/'), activity)).toBe('web');
    expect(detectHost(page('https://tripshell.example/', { framed: true, referrer: 'https://partner.example/' }), activity)).toBe('web');
    expect(detectHost(page('not a url'), activity)).toBe('web');
  });

  it('is Discord only with frame_id, instance_id and a valid platform on a Discord host', () => {
    expect(detectHost(page(`https://1234567890.discordsays.com/${ACTIVITY}`), activity)).toBe('discord');
    expect(detectHost(page('https://1234567890.discordsays.com/?frame_id=f1&instance_id=i-9&platform=mobile'), activity)).toBe('discord');
    expect(detectHost(page(`https://discord.com/activities/${ACTIVITY}`), activity)).toBe('discord');
    // a missing or empty parameter, or another platform
    expect(detectHost(page('https://1.discordsays.com/?instance_id=i-9&platform=desktop'), activity)).toBe('web');
    expect(detectHost(page('https://1.discordsays.com/?frame_id=f1&platform=desktop'), activity)).toBe('web');
    expect(detectHost(page('https://1.discordsays.com/?frame_id=f1&instance_id=i-9'), activity)).toBe('web');
    expect(detectHost(page('https://1.discordsays.com/?frame_id=&instance_id=i-9&platform=desktop'), activity)).toBe('web');
    expect(detectHost(page('https://1.discordsays.com/?frame_id=f1&instance_id=i-9&platform=web'), activity)).toBe('web');
    // the right parameters on someone else's host
    expect(detectHost(page(`https://tripshell.example/${ACTIVITY}`), activity)).toBe('web');
    expect(detectHost(page(`https://discordsays.com.evil.test/${ACTIVITY}`), activity)).toBe('web');
    expect(detectHost(page(`https://notdiscord.com/${ACTIVITY}`), activity)).toBe('web');
  });

  it('is CrazyGames on the portal, framed by it, or with ?useLocalSdk=true', () => {
    expect(detectHost(page('https://games.crazygames.com/en_US/tripshell/index.html'), activity)).toBe('crazygames');
    expect(detectHost(page('https://tripshell.example/', { framed: true, referrer: 'https://www.crazygames.com/game/tripshell' }), activity)).toBe('crazygames');
    expect(detectHost(page('https://tripshell.example/', { framed: true, ancestorOrigins: ['https://www.crazygames.com'] }), activity)).toBe('crazygames');
    expect(detectHost(page('http://localhost:8080/?useLocalSdk=true'), activity)).toBe('crazygames');
    // a portal referrer without a frame is a player who clicked a link, not the portal
    expect(detectHost(page('https://tripshell.example/', { referrer: 'https://www.crazygames.com/game/tripshell' }), activity)).toBe('web');
    expect(detectHost(page('https://tripshell.example/', { framed: true, referrer: 'https://crazygames.com.evil.test/' }), activity)).toBe('web');
    expect(detectHost(page('http://localhost:8080/?useLocalSdk=false'), activity)).toBe('web');
  });

  it('prefers Discord when both could apply', () => {
    expect(detectHost(page(`https://1.discordsays.com/${ACTIVITY}&useLocalSdk=true`), activity)).toBe('discord');
  });

  it('reads the page context of a real window', () => {
    const context = pageContext(window);
    expect(context.href).toBe(window.location.href);
    expect(context.framed).toBe(false);
    expect(detectHost(context, activity)).toBe('web');
  });
});
