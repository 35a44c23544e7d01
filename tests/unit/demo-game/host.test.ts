// The demo game's side of the host API: the menu's Host buttons (labelled exactly Invite,
// Rewarded ad, Midgame ad) send requests the shell accepts, every answer becomes a HUD line
// ("unavailable: <reason>" included), every host event an effect, and the HUD shows the room,
// the party, the presence and the ad pause.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_HOOKS, HOST_CALLS, HostEventSchema, parseHostCall, SHELL_TO_GAME, type HostEvent } from '../../../contract/game';
import { interpretShellMessage } from '../../../demo-game/src/bridge';
import { callHost, describeHostAnswer, describeHostEvent, describePresence, hostEffect, HOST_TRIGGERS, presenceFor } from '../../../demo-game/src/host';
import { createHud } from '../../../demo-game/src/hud/hud';
import { HUD_STYLE_ID } from '../../../demo-game/src/hud/styles';

afterEach(() => {
  document.body.replaceChildren();
  document.getElementById(HUD_STYLE_ID)?.remove();
});

const party = { roomId: 'i-abc', members: [{ displayName: 'activity_player', discordId: '100000000000000001', self: true }, { displayName: 'Activity Friend', discordId: '100000000000000002', self: false }] };

describe('the Host menu buttons', () => {
  it('are labelled Invite, Rewarded ad and Midgame ad (and more), each a request the shell accepts, covering every call but presence and gameplay (the game tells those itself)', () => {
    expect(HOST_TRIGGERS.slice(0, 3).map((t) => [t.label, t.request])).toEqual([
      ['Invite', { call: 'invite' }],
      ['Rewarded ad', { call: 'showAd', kind: 'rewarded' }],
      ['Midgame ad', { call: 'showAd', kind: 'midgame' }],
    ]);
    for (const trigger of HOST_TRIGGERS) expect(parseHostCall(trigger.request), trigger.label).toEqual({ ok: true, call: trigger.request });
    expect(new Set(HOST_TRIGGERS.map((t) => t.request.call))).toEqual(new Set(HOST_CALLS.filter((c) => c !== 'setPresence' && c !== 'gameplay')));
    expect(new Set(HOST_TRIGGERS.map((t) => t.testId)).size).toBe(HOST_TRIGGERS.length);
  });

  it('sets a presence the shell accepts, with the party size once there is a party', () => {
    expect(parseHostCall(presenceFor('Training Yard', null))).toMatchObject({ ok: true, call: { details: 'Demo Arena · Training Yard', state: 'Warming up' } });
    const withParty = presenceFor('Training Yard', party);
    expect(parseHostCall(withParty)).toMatchObject({ ok: true, call: { state: 'In a party', partySize: 2, partyMax: 8 } });
    expect(describePresence(withParty, { status: 'done', value: { shown: true } })).toBe('Demo Arena · Training Yard — In a party (2 of 8)');
    expect(describePresence(withParty, { status: 'done', value: { shown: false } })).toContain('(not shown by this host)');
  });
});

describe('callHost', () => {
  it('calls window.tripHostCall with the request and reads the answer by that call\'s schema', async () => {
    const hook = vi.fn(async () => ({ status: 'done', value: { roomId: 'i-abc', via: 'dialog' } }));
    const answer = await callHost({ [GAME_HOOKS.hostCall]: hook }, { call: 'invite' });
    expect(hook).toHaveBeenCalledWith({ call: 'invite' });
    expect(answer).toEqual({ status: 'done', value: { roomId: 'i-abc', via: 'dialog' } });
  });

  it('answers unavailable, never throws: no hook, a hook that throws, an answer that is not one', async () => {
    expect(await callHost({}, { call: 'party' })).toEqual({ status: 'unavailable', reason: `the page has no ${GAME_HOOKS.hostCall}()` });
    expect(await callHost({ [GAME_HOOKS.hostCall]: () => { throw new Error('boom'); } }, { call: 'party' })).toEqual({ status: 'unavailable', reason: 'boom' });
    expect(await callHost({ [GAME_HOOKS.hostCall]: async () => ({ status: 'done', value: { roomId: 'i' } }) }, { call: 'party' })).toMatchObject({ status: 'unavailable' });
  });

  it('turns each answer into a HUD line, "unavailable: <reason>" for a refusal', () => {
    expect(describeHostAnswer({ call: 'showAd', kind: 'rewarded' }, { status: 'unavailable', reason: 'an ad blocker is active' })).toBe('Rewarded ad: unavailable: an ad blocker is active');
    expect(describeHostAnswer({ call: 'showAd', kind: 'rewarded' }, { status: 'done', value: { kind: 'rewarded', rewarded: true } })).toBe('Rewarded ad: reward earned');
    expect(describeHostAnswer({ call: 'showAd', kind: 'rewarded' }, { status: 'done', value: { kind: 'rewarded', rewarded: false } })).toBe('Rewarded ad: no reward');
    expect(describeHostAnswer({ call: 'invite' }, { status: 'done', value: { roomId: 'r1', via: 'clipboard', link: 'http://localhost/?join=r1' } })).toBe('Invite sent (clipboard) for room r1: http://localhost/?join=r1');
    expect(describeHostAnswer({ call: 'invite' }, { status: 'cancelled' })).toBe('Invite: cancelled');
    expect(describeHostAnswer({ call: 'party' }, { status: 'done', value: party })).toBe('Party: activity_player (you), Activity Friend');
  });
});

describe('host events', () => {
  const examples: HostEvent[] = [
    { type: 'party', ...party },
    { type: 'joinRoom', roomId: 'r-42' },
    { type: 'adStarted', kind: 'rewarded' },
    { type: 'adFinished', kind: 'rewarded', rewarded: true },
    { type: 'happyTime', active: true },
    { type: 'chat', enabled: false },
    { type: 'locale', locale: 'de-DE' },
    { type: 'storage', persistent: false },
    { type: 'purchase', status: 'granted', productId: 'tc-1200', tripcoins: 1200, balance: 1250 },
    { type: 'features', features: { coinflip: false, marketplace: true, gifts: true, bridge: true, crates: true, purchases: true } },
  ];

  it('has an example of every event type, each reaching the game through OnHostEvent as an effect', () => {
    expect(examples.map((e) => e.type).sort()).toEqual(HostEventSchema.options.map((o) => o.shape.type.value).sort());
    for (const event of examples) {
      const outcome = interpretShellMessage(SHELL_TO_GAME.hostEvent, JSON.stringify(event));
      expect(outcome, event.type).toEqual({ line: describeHostEvent(event), effect: { kind: 'host', event } });
    }
  });

  it('pauses and mutes for an ad, joins the room it is handed, lists the party', () => {
    expect(hostEffect({ type: 'adStarted', kind: 'midgame' })).toEqual({ kind: 'ad', playing: true, adKind: 'midgame' });
    expect(hostEffect({ type: 'adFinished', kind: 'rewarded', rewarded: false })).toEqual({ kind: 'ad', playing: false, adKind: 'rewarded', rewarded: false });
    expect(hostEffect({ type: 'joinRoom', roomId: 'r-42' })).toEqual({ kind: 'joinRoom', roomId: 'r-42' });
    expect(hostEffect({ type: 'party', ...party })).toEqual({ kind: 'party', party });
    expect(describeHostEvent({ type: 'adStarted', kind: 'rewarded' })).toBe('Rewarded ad started: game paused and muted');
    expect(describeHostEvent({ type: 'features', features: { coinflip: false, marketplace: true, gifts: true, bridge: true, crates: false, purchases: true } })).toBe('Off here: coinflip, crates');
  });
});

describe('the HUD', () => {
  it('shows a Host section in the menu whose buttons call back with their trigger, and the room, party, presence and ad pause', () => {
    const parent = document.createElement('div');
    const canvas = document.createElement('canvas');
    parent.appendChild(canvas);
    document.body.appendChild(parent);
    const onHostTrigger = vi.fn();
    const hud = createHud(canvas, 'Yard', { onTrigger: vi.fn(), onHostTrigger, onToggleMenu: vi.fn() });
    const q = (id: string) => parent.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    const buttons = [...parent.querySelectorAll<HTMLButtonElement>('.dg-menu button')];
    for (const label of ['Invite', 'Rewarded ad', 'Midgame ad']) expect(buttons.filter((b) => b.textContent === label), label).toHaveLength(1);
    buttons.find((b) => b.textContent === 'Rewarded ad')?.click();
    expect(onHostTrigger).toHaveBeenCalledWith(HOST_TRIGGERS[1]);
    expect(q('demo-room')?.hidden).toBe(true);
    hud.setHost({ room: 'r-42', party: 'a (you), b', presence: 'Demo Arena — Warming up', answer: 'Rewarded ad: unavailable: an ad blocker is active', ad: 'Paused and muted: rewarded ad playing' });
    expect(q('demo-room')?.textContent).toBe('Room: r-42');
    expect(q('demo-party')?.textContent).toBe('Party: a (you), b');
    expect(q('demo-presence')?.textContent).toBe('Presence: Demo Arena — Warming up');
    expect(q('demo-host-answer')?.textContent).toBe('Rewarded ad: unavailable: an ad blocker is active');
    expect(q('demo-ad')?.hidden).toBe(false);
    hud.setHost({ room: 'r-42', party: null, presence: null, answer: null, ad: null });
    expect(q('demo-ad')?.hidden).toBe(true);
    expect(q('demo-party')?.hidden).toBe(true);
    hud.destroy();
  });
});
