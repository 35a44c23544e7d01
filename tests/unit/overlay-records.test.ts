// Adding an overlay is one record: contract/overlays.ts holds each overlay's
// key, kind, payload schema and the game trigger that opens it, and the names, the game's
// trigger messages and the routing are derived from it, never listed again elsewhere.
import { describe, expect, it } from 'vitest';
import { GameMessage, MODAL_NAMES, OVERLAY_NAMES, TRIGGER_MODAL, parseGameMessage } from '../../contract/game';
import { OVERLAYS, type OverlayKey } from '../../contract/overlays';

const keys = Object.keys(OVERLAYS) as OverlayKey[];

describe('the overlay records', () => {
  it('give the names: full-screen overlays and modals, every key once', () => {
    expect([...OVERLAY_NAMES]).toEqual(keys.filter((k) => OVERLAYS[k].kind === 'overlay'));
    expect([...MODAL_NAMES]).toEqual(keys.filter((k) => OVERLAYS[k].kind === 'modal'));
    expect([...OVERLAY_NAMES, ...MODAL_NAMES].sort()).toEqual([...keys].sort());
  });

  it('give the game messages: one per trigger message, with the payload schema, plus WALLET_NOTIFICATION', () => {
    const messages = keys.flatMap((k) => { const t = OVERLAYS[k].trigger; return 'message' in t ? [t.message] : []; });
    expect(GameMessage.options.map((o) => o.shape.type.value).sort()).toEqual([...messages, 'WALLET_NOTIFICATION'].sort());
    for (const type of messages) expect(TRIGGER_MODAL[type as keyof typeof TRIGGER_MODAL], type).toBe(keys.find((k) => { const t = OVERLAYS[k].trigger; return 'message' in t && t.message === type; }));
    // The payload schema is the message's: a crate shop without a version opens Base Set (its default).
    expect(parseGameMessage({ type: 'SHOW_CRATE_SHOP_MODAL' })).toEqual({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 });
    expect(parseGameMessage({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 7 })).toBeNull();
  });

  it('every overlay the game can open has a trigger, and every hook one overlay', () => {
    const hooks = keys.flatMap((k) => { const t = OVERLAYS[k].trigger; return 'hook' in t ? [t.hook] : []; });
    expect(hooks.sort()).toEqual(['showLevelProgress', 'showProfile', 'showReleaseLogs', 'showSettings']);
  });
});
