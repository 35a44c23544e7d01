// The shell hides what the host's rules or the studio's switches turn off (src/api/features.ts):
// the Inventory's actions and Account's Get TripCoins are not offered, an overlay asked for a
// feature that is off (the game's trigger) says it is unavailable with the studio's message
// instead of opening the feature's screen, and the game hears it in capabilities and as the
// `features` event.
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURES, getFeatures, type FeatureMap } from '../../contract/features';
import { ITEM_IDS } from '../../contract/items';
import { SHELL_TO_GAME, type HostEvent } from '../../contract/game';
import { myInventory, type MyInventory } from '../../contract/myEconomy';
import { createWebAdapter } from '../../hosts/web/adapter';
import { followFeatures, takeFeatures } from '../../src/api/features';
import { setRequestHost } from '../../src/api/requestHost';
import { featureOfOverlay, gatedOverlayComponent } from '../../src/app/overlay-registry/featureGate';
import InventoryOverlay from '../../src/features/inventory/InventoryOverlay';
import { createHostApi } from '../../src/host-bridge/hostApi';
import { OverlaysProvider } from '../../src/overlays/context';
import { OverlayHost } from '../../src/overlays/OverlayHost';
import { createOverlayStore } from '../../src/overlays/store';
import type { OverlayComponent } from '../../src/overlays/types';
import { recordedGame } from '../support/recordedGame';
import { renderWithShell, testQueryClient } from '../support/render';
import { whoami } from '../../contract/auth';
import { fakeServer, type FakeServer } from '../support/fakeServer';

const all = (on: boolean): FeatureMap => Object.fromEntries(FEATURES.map((f) => [f, { on, message: null }])) as FeatureMap;
const without = (...off: Array<[keyof FeatureMap, string | null]>): FeatureMap => {
  const map = all(true);
  for (const [feature, message] of off) map[feature] = { on: false, message };
  return map;
};

const INVENTORY: MyInventory = {
  tripcoins: 10, items: [{ itemUuid: ITEM_IDS.baseSetCrate, name: 'Base Set Crate', count: 3 }], listings: [], wagers: [],
};
let served: FeatureMap = all(true);
function serve(): FakeServer {
  const server = fakeServer();
  server.handle(whoami, () => ({ status: 200, body: { uuid: '00000000-0000-4000-8000-00000000000a', username: 'Me', verified: 1, isAdmin: false } }));
  server.handle(myInventory, () => ({ status: 200, body: INVENTORY }));
  server.handle(getFeatures, () => ({ status: 200, body: { host: 'crazygames', features: served } }));
  return server;
}

let server: FakeServer;
beforeEach(() => { served = all(true); takeFeatures(null); server = serve(); });
afterEach(() => { vi.restoreAllMocks(); takeFeatures(null); setRequestHost(null); });

describe('the shell under the feature policy', { timeout: 20_000 }, () => {
  it('reads the policy of its host (named in every request) and offers no action that is off', async () => {
    setRequestHost('crazygames');
    served = without(['marketplace', null], ['gifts', null]);
    const stop = followFeatures(window, 60_000);
    renderWithShell(<InventoryOverlay payload={{ tab: 'items' }} onClose={vi.fn()} />, { queryClient: testQueryClient() });
    await screen.findByRole('button', { name: 'Open a Base Set Crate' });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sell Base Set Crate' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Send Base Set Crate' })).toBeNull();
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).not.toContain('Sell');
    expect(server.sent.find((r) => r.url === '/api/features')?.headers['x-tripshell-host']).toBe('crazygames');
    // Turned back on: offered again without a reload.
    takeFeatures(all(true));
    await screen.findByRole('button', { name: 'Sell Base Set Crate' });
    stop();
  });

  it("answers the game's trigger for a feature that is off with the studio's message, not the feature's screen", async () => {
    const overlays = createOverlayStore();
    const Coinflip = vi.fn(() => <p>the coin flip screen</p>);
    const resolve = gatedOverlayComponent(((key: string) => (key === 'coinflip' ? Coinflip : undefined)) as never);
    takeFeatures(without(['coinflip', 'Coin flips are paused for maintenance']));
    render(<MantineProvider><OverlaysProvider overlays={overlays}><OverlayHost overlays={overlays} resolve={resolve} /></OverlaysProvider></MantineProvider>);
    overlays.open('coinflip', { modalType: 'create' });
    expect(await screen.findByTestId('feature-unavailable')).toHaveTextContent('This is not available right now: Coin flips are paused for maintenance');
    expect(Coinflip).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(overlays.getState().modal).toBeNull());
    // On: the feature's own screen opens.
    takeFeatures(all(true));
    overlays.open('coinflip', { modalType: 'create' });
    expect(await screen.findByText('the coin flip screen')).toBeInTheDocument();
    expect((resolve('coinflip') as OverlayComponent<'coinflip'>)).toBe(resolve('coinflip'));
  });

  it('ties each gated overlay to its feature (Transfer Items is a gift)', () => {
    expect(featureOfOverlay('marketplace', { modalType: 'transfer' })).toBe('gifts');
    expect(featureOfOverlay('marketplace', { modalType: 'sell' })).toBe('marketplace');
    expect(featureOfOverlay('crateShop', {})).toBe('crates');
    expect(featureOfOverlay('mythicalBridge', {})).toBe('bridge');
    expect(featureOfOverlay('getTripCoins', {})).toBe('purchases');
    expect(featureOfOverlay('settings', {})).toBeNull();
  });

  it('tells the game in capabilities and as the features event, and refuses products while packs are off', async () => {
    const link = recordedGame('loaded');
    const page = { location: { href: 'https://tripshell.example/' }, navigator: { languages: ['en'], language: 'en' }, document: { title: 'T' }, crypto: window.crypto, parent: null } as unknown as Window;
    const api = createHostApi({ adapter: createWebAdapter(page), link, log: { warn: vi.fn() }, playing: () => true });
    takeFeatures(without(['coinflip', null]));
    const caps = await api.call({ call: 'capabilities' });
    expect(caps).toMatchObject({ status: 'done', value: { features: { coinflip: false, marketplace: true, purchases: true } } });
    takeFeatures(without(['coinflip', null], ['purchases', 'Store closed for an audit']));
    const events = link.sentWith(SHELL_TO_GAME.hostEvent) as HostEvent[];
    expect(events.filter((e) => e.type === 'features')).toEqual([
      { type: 'features', features: { coinflip: false, marketplace: true, gifts: true, bridge: true, crates: true, purchases: true } },
      { type: 'features', features: { coinflip: false, marketplace: true, gifts: true, bridge: true, crates: true, purchases: false } },
    ]);
    expect(await api.call({ call: 'capabilities' })).toMatchObject({ value: { purchases: false, features: { purchases: false } } });
    expect(await api.call({ call: 'products' })).toEqual({ status: 'unavailable', reason: 'featureOff: Store closed for an audit' });
    api.dispose();
  });
});
