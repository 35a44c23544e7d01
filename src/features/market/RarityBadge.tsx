// An item's rarity as a small chip in its colour (text and border in the colour on the dark
// card, so the contrast stays readable for every tier).
import { Badge } from '@mantine/core';
import type { Rarity } from '../../../contract/rarity';
import { t } from '../../i18n';

/** Mantine palette colours per tier, from grey (common) to red (mythical). */
export const RARITY_COLOURS: Record<Rarity, string> = {
  common: 'gray', uncommon: 'green', rare: 'blue', epic: 'violet', legendary: 'orange', mythical: 'red',
};

export const rarityName = (rarity: Rarity): string => t(`market.rarity.${rarity}`);

export function RarityBadge({ rarity }: { rarity: Rarity }) {
  return (
    <Badge size="xs" variant="outline" color={`${RARITY_COLOURS[rarity]}.4`} data-rarity={rarity} data-testid="market-rarity">
      {rarityName(rarity)}
    </Badge>
  );
}
