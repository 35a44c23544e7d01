// What an overlay or modal component receives from the overlay API: its payload and the way to
// close itself. Features import this (never the registry in src/app, which imports them).
import type { ComponentType, LazyExoticComponent } from 'react';
import type { OverlayKey } from '../../contract/game';
import type { OverlayPayloads } from './store';

export interface OverlayProps<K extends OverlayKey> {
  payload: OverlayPayloads[K];
  /** Closes this overlay through the overlay API (the game is told which closed). */
  onClose: () => void;
}

export type OverlayComponent<K extends OverlayKey> =
  | ComponentType<OverlayProps<K>>
  | LazyExoticComponent<ComponentType<OverlayProps<K>>>;

/** Which component shows an overlay key (the app's registry answers it). */
export type OverlayResolver = <K extends OverlayKey>(key: K) => OverlayComponent<K> | undefined;
