// Every overlay opened on every host: whatever asks for it (the game's trigger, a button, a link),
// a host whose hidden list says it never asks for a wallet keeps every path to one closed. The
// portal once let the game open the Mythical Bridge, which asks for an Ethereum wallet address.
import { cleanup, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLAYS, type OverlayKey } from '../../contract/overlays';
import { HOSTS } from '../../hosts/list';
import { gatedOverlayComponent } from '../../src/app/overlay-registry/featureGate';
import type { OverlayComponent, OverlayResolver } from '../../src/overlays/types';
import { renderWithShell } from '../support/render';

/** The overlays that ask for a wallet (or a wallet address) when they open. */
const ASKS_FOR_A_WALLET: ReadonlySet<OverlayKey> = new Set(['mythicalBridge']);

// One stand-in component per overlay (the gate keeps one wrapper per component).
const standIns = new Map<OverlayKey, OverlayComponent<OverlayKey>>((Object.keys(OVERLAYS) as OverlayKey[]).map((key) => [key, () => <p data-testid="overlay-opened">{key}</p>]));
const resolve = gatedOverlayComponent(((key: OverlayKey) => standIns.get(key)) as unknown as OverlayResolver);
const hostDefaults = JSON.parse(readFileSync(join(__dirname, '../../config/host-features.json'), 'utf8')) as Record<string, string[]>;

afterEach(() => { cleanup(); });

describe.each(HOSTS.map((h) => [h.kind, h] as const))('on %s', (kind, host) => {
  const hidesWallets = host.hidden.has('walletsTab');

  it('hides the bridge exactly when it hides wallets, in the shell and in the server\'s host rules', () => {
    expect(host.hidden.has('bridge')).toBe(hidesWallets);
    expect(hostDefaults[kind]?.includes('bridge') ?? false).toBe(hidesWallets);
  });

  it.each(Object.keys(OVERLAYS) as OverlayKey[])('%s opens, or says it is not available here', async (key) => {
    const Component = resolve(key)!;
    renderWithShell(<Component payload={{} as never} onClose={() => undefined} />, { host: { kind } });
    if (ASKS_FOR_A_WALLET.has(key) && hidesWallets) {
      expect(await screen.findByTestId('feature-unavailable')).toBeInTheDocument();
      expect(screen.queryByTestId('overlay-opened')).toBeNull();
    } else {
      expect(screen.getByTestId('overlay-opened')).toBeInTheDocument();
      expect(screen.queryByTestId('feature-unavailable')).toBeNull();
    }
  });
});
