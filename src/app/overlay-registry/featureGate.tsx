// Overlays of a feature the page's host does not allow, or the studio has switched off
// (src/api/features.ts): whoever asks for one (the game's trigger, a button, a link) gets a plain
// dialog that says it is not available, with the studio's message where it gave one, never a
// screen that then fails. The feature's own component is not even loaded then.
import { Button, Group, Stack, Text } from '@mantine/core';
import { createElement, type ComponentType } from 'react';
import type { OverlayKey } from '../../../contract/game';
import type { Feature } from '../../../contract/features';
import type { HiddenUi } from '../../../hosts/types';
import { useFeature } from '../../api/features';
import { useHost } from '../../host-bridge/host';
import { getCheckoutReturn } from '../../host-bridge/purchaseNews';
import { t } from '../../i18n';
import { BusyModal } from '../../overlays/BusyModal';
import type { OverlayComponent, OverlayProps, OverlayResolver } from '../../overlays/types';
import { overlayComponent } from './registry';

/** The feature an overlay belongs to, for its payload (Transfer Items is a gift, Sell and Buy the marketplace). */
export function featureOfOverlay(key: OverlayKey, payload: unknown): Feature | null {
  switch (key) {
    case 'coinflip': return 'coinflip';
    case 'crateShop': case 'crateOpen': return 'crates';
    case 'mythicalBridge': return 'bridge';
    // Back from a paid checkout the overlay shows how it went, whatever the switch says since.
    case 'getTripCoins': return getCheckoutReturn() ? null : 'purchases';
    case 'marketplaceListing': return 'marketplace';
    case 'marketplace': return (payload as { modalType?: string } | null)?.modalType === 'transfer' ? 'gifts' : 'marketplace';
    default: return null;
  }
}

/**
 * What the host's hidden list keeps out of reach, whoever asks (the game's trigger included): the
 * Mythical Bridge asks the player for a wallet address, which a host hiding wallets never does.
 */
export function hiddenByHost(key: OverlayKey, isHidden: (part: HiddenUi) => boolean): boolean {
  return key === 'mythicalBridge' && isHidden('bridge');
}

export function FeatureUnavailable({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <BusyModal opened onClose={onClose} title={t('features.unavailableTitle')} closeLabel={t('features.close')}>
      <Stack data-testid="feature-unavailable">
        <Text>{message ? t('text.feature.offSaying', { 0: message }) : t('text.feature.off')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('features.ok')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}

function gate<K extends OverlayKey>(key: K, Inner: OverlayComponent<K>): ComponentType<OverlayProps<K>> {
  function Gated(props: OverlayProps<K>) {
    const state = useFeature(featureOfOverlay(key, props.payload));
    const host = useHost();
    if (hiddenByHost(key, host.isHidden)) return <FeatureUnavailable message={null} onClose={props.onClose} />;
    if (!state.on) return <FeatureUnavailable message={state.message} onClose={props.onClose} />;
    return createElement(Inner as ComponentType<OverlayProps<K>>, props);
  }
  Gated.displayName = `FeatureGate(${key})`;
  return Gated;
}

const GATED: ReadonlySet<OverlayKey> = new Set(['coinflip', 'crateShop', 'crateOpen', 'mythicalBridge', 'getTripCoins', 'marketplace', 'marketplaceListing']);
const made = new Map<OverlayComponent<OverlayKey>, ComponentType<OverlayProps<OverlayKey>>>();

/** The registry's component for `key`, behind the feature gate where the overlay has a feature
 * (one wrapper per component, so an open overlay keeps its instance). */
export function gatedOverlayComponent(resolve: OverlayResolver = overlayComponent): OverlayResolver {
  return (<K extends OverlayKey>(key: K) => {
    const inner = resolve(key);
    if (!inner || !GATED.has(key)) return inner;
    let wrapped = made.get(inner as OverlayComponent<OverlayKey>);
    if (!wrapped) {
      wrapped = gate(key, inner) as unknown as ComponentType<OverlayProps<OverlayKey>>;
      made.set(inner as OverlayComponent<OverlayKey>, wrapped);
    }
    return wrapped as unknown as OverlayComponent<K>;
  }) as OverlayResolver;
}
