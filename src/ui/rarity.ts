// An item's rarity on screen, one look everywhere it shows (the crate reveal, the airdrop's reward
// cards, the marketplace's cards and badges): its colour, light enough for text on the dark
// panels (WCAG AA against dark-7), and its name in the player's language. The tiers themselves are
// the contract's (contract/rarity.ts).
import type { CSSProperties } from 'react';
import type { Rarity } from '../../contract/rarity';
import { t } from '../i18n';

export const RARITY_COLOR: Record<Rarity, string> = {
  common: '#b0b8c4', uncommon: '#4cd07d', rare: '#4da3ff', epic: '#c084fc', legendary: '#ffc247', mythical: '#ff7a8a',
};

export const rarityName = (rarity: Rarity): string => t(`rarity.${rarity}`);

/** The `--rarity` custom property the rarity-coloured frames, tiles and badges read. */
export const rarityStyle = (rarity: Rarity): CSSProperties => ({ '--rarity': RARITY_COLOR[rarity] }) as CSSProperties;
