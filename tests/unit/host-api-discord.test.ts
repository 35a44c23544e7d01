// The host API in a Discord Activity: the real adapter and the real embedded-app SDK, talking to
// Discord's client in process (tests/fakes/discord.ts createFakeDiscordClient), and the shell's
// host API (src/host-bridge/hostApi.ts) in front of a recording game link.
import { DiscordSDK } from '@discord/embedded-app-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import activity from '../../activity.config.json';
import { SHELL_TO_GAME, type HostEvent } from '../../contract/game';
import { createDiscordAdapter, DISCORD_ADAPTER_TEXT } from '../../hosts/discord/adapter';
import { DEFAULT_PRESENCE, createHostApi, type HostApi } from '../../src/host-bridge/hostApi';
import { getHostLocale, setHostLocale } from '../../src/lib/hostLocale';
import { createFakeDiscordClient, type FakeClientMode } from '../fakes/discord';
import type { FakeGameLink } from '../support/fakeGameLink';
import { recordedGame } from '../support/recordedGame';
import { flush } from '../support/async';
import { quiet } from '../support/log';

const INSTANCE = 'i-1234567890-gc-99';
const PLAYER_UUID = '0b5e4c1e-3f7a-4b8e-9a51-2f3c4d5e6f70';

function setup(mode: FakeClientMode = 'normal', search = '', config?: unknown) {
  window.history.replaceState(null, '', search.includes('platform=') ? `/?frame_id=f1&instance_id=${INSTANCE}${search}` : `/?frame_id=f1&instance_id=${INSTANCE}&platform=desktop${search}`);
  const client = createFakeDiscordClient({ mode });
  const adapter = createDiscordAdapter({ config, createSdk: client.createSdk(DiscordSDK) as unknown as (id: string) => DiscordSDK, log: quiet() });
  const link = recordedGame('loading');
  let playing = false;
  const api = createHostApi({
    adapter, link,
    playing: () => playing,
    player: () => ({ uuid: PLAYER_UUID, name: 'tripper' }),
    log: quiet(),
    timeouts: { party: 300, invite: 300, setPresence: 300, locale: 300 },
  });
  return { client, adapter, link, api, setPlaying: (p: boolean) => { playing = p; api.shellStateChanged(); } };
}

const events = (link: FakeGameLink) => link.sentWith(SHELL_TO_GAME.hostEvent) as HostEvent[];

async function signIn(s: { adapter: ReturnType<typeof createDiscordAdapter> }) {
  const outcome = await s.adapter.login();
  expect(outcome.kind).toBe('discordCode');
  await s.adapter.authenticate?.('access-token');
  await flush(20);
}

describe('the host API in a Discord Activity', () => {
  let previous: string;
  let api: HostApi | null = null;
  beforeEach(() => { previous = window.location.href; setHostLocale(null); });
  afterEach(() => { api?.dispose(); api = null; window.history.replaceState(null, '', previous); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('hands the game the participants and follows a join and a leave, after sign-in', async () => {
    const s = setup();
    api = s.api;
    s.link.setStatus('loaded');
    await s.adapter.start();
    expect(await s.api.call({ call: 'party' })).toEqual({ status: 'unavailable', reason: 'sign in with Discord first' });
    await signIn(s);
    expect(s.client.subscriptions.has('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE')).toBe(true);
    s.client.join({ id: '200000000000000002', username: 'friend', global_name: 'Friend', avatar: 'a'.repeat(32) });
    await flush(20);
    s.client.leave('200000000000000002');
    await flush(20);
    const parties = events(s.link).filter((e) => e.type === 'party');
    expect(parties.map((p) => p.type === 'party' && p.members.map((m) => m.displayName))).toEqual([['Discord Player'], ['Discord Player', 'Friend'], ['Discord Player']]);
    const joined = parties[1];
    expect(joined?.type === 'party' && joined.roomId).toBe(INSTANCE);
    expect(joined?.type === 'party' && joined.members[1]).toEqual({
      discordId: '200000000000000002', displayName: 'Friend', self: false,
      avatarUrl: `https://cdn.discordapp.com/avatars/200000000000000002/${'a'.repeat(32)}.png?size=128`,
    });
    // Our player's id and name on the member at this screen (the Discord account is linked to it).
    expect(joined?.type === 'party' && joined.members[0]).toMatchObject({ discordId: '100000000000000001', self: true, playerUuid: PLAYER_UUID, playerName: 'tripper' });
    const party = await s.api.call({ call: 'party' });
    expect(party.status === 'done' && party.value).toMatchObject({ roomId: INSTANCE, members: [{ displayName: 'Discord Player', self: true }] });
  });

  it('sets rich presence from the shell state after sign-in, and the game\'s own fields win while set', async () => {
    const s = setup();
    api = s.api;
    await s.adapter.start();
    // Before sign-in nothing goes to Discord: the presence is kept for later.
    expect(await s.api.call({ call: 'setPresence', state: 'Lobby' })).toEqual({ status: 'done', value: { shown: false } });
    expect(s.client.activities).toEqual([]);
    await s.api.call({ call: 'setPresence' });
    await signIn(s);
    expect(s.client.activities.at(-1)).toEqual({ type: 0, details: DEFAULT_PRESENCE.menu });
    s.setPlaying(true);
    await flush(20);
    const playing = s.client.activities.at(-1) as { details: string; timestamps: { start: number } };
    expect(playing.details).toBe(DEFAULT_PRESENCE.playing);
    expect(playing.timestamps.start).toBeGreaterThan(Date.now() - 10_000);
    expect(await s.api.call({ call: 'setPresence', state: 'Level 3', partySize: 2, partyMax: 4 })).toEqual({ status: 'done', value: { shown: true } });
    expect(s.client.activities.at(-1)).toMatchObject({ details: DEFAULT_PRESENCE.playing, state: 'Level 3', party: { id: INSTANCE, size: [2, 4] } });
    s.setPlaying(false); // an overlay opened: the game's state stays, the default under it follows
    await flush(20);
    expect(s.client.activities.at(-1)).toMatchObject({ details: DEFAULT_PRESENCE.menu, state: 'Level 3' });
    await s.api.call({ call: 'setPresence' }); // the game cleared its own: the default again
    expect(s.client.activities.at(-1)).toEqual({ type: 0, details: DEFAULT_PRESENCE.menu });
    const count = s.client.activities.length;
    s.api.shellStateChanged(); // nothing changed: nothing sent
    await flush(20);
    expect(s.client.activities.length).toBe(count);
  });

  it("follows the game's own gameplay in the presence: its menu or death screen is not play", async () => {
    const s = setup();
    api = s.api;
    await s.adapter.start();
    await signIn(s);
    s.setPlaying(true);
    await flush();
    expect(s.client.activities.at(-1)).toMatchObject({ details: DEFAULT_PRESENCE.playing });
    expect(await s.api.call({ call: 'gameplay', state: 'death' })).toEqual({ status: 'done', value: { state: 'death', playing: false } });
    await flush();
    expect(s.client.activities.at(-1)).toEqual({ type: 0, details: DEFAULT_PRESENCE.menu });
    expect(await s.api.call({ call: 'gameplay', state: 'play' })).toEqual({ status: 'done', value: { state: 'play', playing: true } });
    await flush();
    expect(s.client.activities.at(-1)).toMatchObject({ details: DEFAULT_PRESENCE.playing });
  });

  it('opens the invite dialog, or shares a link carrying the room as its custom id', async () => {
    const s = setup();
    api = s.api;
    await s.adapter.start();
    await signIn(s);
    expect(await s.api.call({ call: 'invite' })).toEqual({ status: 'done', value: { roomId: INSTANCE, via: 'dialog' } });
    expect(s.client.commands).toContain('OPEN_INVITE_DIALOG');
    expect(await s.api.call({ call: 'invite', roomId: 'room-7' })).toEqual({ status: 'done', value: { roomId: 'room-7', via: 'share' } });
    expect(s.client.shareLinks.at(-1)).toMatchObject({ custom_id: 'room-7' });
    s.client.shareSucceeds = false;
    expect(await s.api.call({ call: 'invite', roomId: 'room-7' })).toEqual({ status: 'cancelled' });
  });

  it('takes the player\'s locale from Discord once signed in, for the shell and the game', async () => {
    const s = setup();
    api = s.api;
    s.link.setStatus('loaded');
    await s.adapter.start();
    await signIn(s);
    expect(getHostLocale()).toBe('pt-BR');
    expect(events(s.link)).toContainEqual({ type: 'locale', locale: 'pt-BR' });
    expect(await s.api.call({ call: 'locale' })).toEqual({ status: 'done', value: { locale: 'pt-BR' } });
  });

  it('hands the game the room it was invited to (the custom id), once it has loaded', async () => {
    const s = setup('normal', '&custom_id=room-42');
    api = s.api;
    await s.adapter.start();
    await flush(20);
    expect(events(s.link)).toEqual([]);
    expect(s.link.sent).toEqual([]);
    s.link.setStatus('loaded');
    expect(events(s.link).filter((e) => e.type === 'joinRoom')).toEqual([{ type: 'joinRoom', roomId: 'room-42' }]);
  });

  it('answers within its bound when the client answers every command with something the SDK cannot read', { tags: ['timing'] }, async () => {
    const s = setup('answerEverything');
    api = s.api;
    await s.adapter.start();
    await signIn(s);
    const t0 = Date.now();
    expect(await s.api.call({ call: 'party' })).toEqual({ status: 'unavailable', reason: 'party: the host did not answer within 300 ms' });
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(await s.api.call({ call: 'locale' })).toEqual({ status: 'unavailable', reason: 'locale: the host did not answer within 300 ms' });
  });

  it('answers unavailable with the reason when the client refuses', async () => {
    const s = setup('failEverything');
    api = s.api;
    await s.adapter.start();
    await signIn(s);
    expect(await s.api.call({ call: 'invite' })).toEqual({ status: 'unavailable', reason: 'Discord refused the invite: Invalid payload' });
  });

  it('answers at once when Discord never became ready', async () => {
    const s = setup('silent');
    api = s.api;
    void s.adapter.start();
    expect(await s.api.call({ call: 'invite' })).toEqual({ status: 'unavailable', reason: 'Discord is not ready' });
    expect(await s.api.call({ call: 'showAd', kind: 'rewarded' })).toEqual({ status: 'unavailable', reason: 'showAd is not offered by the discord host' });
  });
});

describe('the Activity on a phone', () => {
  let previous: string;
  beforeEach(() => { previous = window.location.href; });
  afterEach(() => { vi.restoreAllMocks(); window.history.replaceState(null, '', previous); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('locks the orientation activity.config.json names, on mobile only', async () => {
    const config = { ...activity, discord: { ...activity.discord, orientationLock: 'landscape' } };
    const phone = setup('normal', '&platform=mobile', config);
    phone.api.dispose();
    await phone.adapter.start();
    await flush(20);
    expect(phone.client.sent.filter((c) => c.cmd === 'SET_ORIENTATION_LOCK_STATE')).toEqual([{ cmd: 'SET_ORIENTATION_LOCK_STATE', args: { lock_state: 3 } }]);
    const desktop = setup('normal', '', config);
    desktop.api.dispose();
    await desktop.adapter.start();
    await flush(20);
    expect(desktop.client.commands).not.toContain('SET_ORIENTATION_LOCK_STATE');
  });

  it('asks Discord to prompt for hardware acceleration when WebGL runs in software, and only then', async () => {
    const hardware = setup();
    hardware.api.dispose();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ({}) as RenderingContext);
    await hardware.adapter.start();
    await flush(20);
    expect(hardware.client.commands).not.toContain('ENCOURAGE_HW_ACCELERATION');
    const software = setup();
    software.api.dispose();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((_id: string, options?: { failIfMajorPerformanceCaveat?: boolean }) => (options?.failIfMajorPerformanceCaveat ? null : {})) as never);
    await software.adapter.start();
    await flush(20);
    expect(software.client.commands.filter((c) => c === 'ENCOURAGE_HW_ACCELERATION')).toHaveLength(1);
  });
});

describe('a declined Discord authorization', () => {
  let previous: string;
  beforeEach(() => { previous = window.location.href; });
  afterEach(() => { window.history.replaceState(null, '', previous); delete (window as { discordSDK?: unknown }).discordSDK; });

  it('says "Discord sign-in was cancelled." and is remembered so nothing asks again unasked', async () => {
    const s = setup('decline');
    s.api.dispose();
    await s.adapter.start();
    expect(await s.adapter.login()).toEqual({ kind: 'unavailable', reason: 'Discord sign-in was cancelled.' });
    expect(DISCORD_ADAPTER_TEXT.declined).toBe('Discord sign-in was cancelled.');
    expect(s.adapter.loginDeclined?.()).toBe(true);
    expect(s.client.commands.filter((c) => c === 'AUTHORIZE')).toHaveLength(1);
  });

  it('keeps the old text for other failures', async () => {
    const s = setup('normal');
    s.api.dispose();
    await s.adapter.start();
    s.client.mode = 'decline';
    // A different refusal: an invalid client id.
    const sdk = (window as { discordSDK?: DiscordSDK }).discordSDK;
    expect(sdk).toBeDefined();
    vi.spyOn(sdk!.commands, 'authorize').mockRejectedValueOnce({ code: 4007, message: 'Invalid client id' });
    expect(await s.adapter.login()).toEqual({ kind: 'unavailable', reason: 'Discord login failed: An unexpected error occurred' });
    expect(s.adapter.loginDeclined?.()).toBe(false);
  });
});
