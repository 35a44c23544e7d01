// An item's rarity as a small chip in its colour (text and border in the colour on the dark
// card, so the contrast stays readable for every tier): the same colours and names as the crate
// reveal's and the airdrop's (src/ui/rarity.ts).
import { Badge } from '@mantine/core';
import type { Rarity } from '../../../contract/rarity';
import { RARITY_COLOR, rarityName } from '../../ui/rarity';

export { rarityName };

export function RarityBadge({ rarity }: { rarity: Rarity }) {
  return (
    <Badge size="xs" variant="outline" color={RARITY_COLOR[rarity]} data-rarity={rarity} data-testid="market-rarity">
      {rarityName(rarity)}
    </Badge>
  );
}
