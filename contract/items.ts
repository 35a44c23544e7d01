// The item catalogue: fixed uuids every install has. The server seeds the
// database from this list at every start; the shell and the demo game refer to items by these ids.
import { z } from 'zod';

export const ITEM_IDS = {
  baseSetCrate: '0b5e7c1a-0000-4000-8000-00000000c001',
  baseSetIICrate: '0b5e7c1a-0000-4000-8000-00000000c002',
  mythicalTicket: '0b5e7c1a-0000-4000-8000-00000000f001',
  ancient64Bit: '0b5e7c1a-0000-4000-8000-00000000f002',
  technicalDifficulties: '0b5e7c1a-0000-4000-8000-00000000f003',
} as const;

export type ItemKind = 'collectible' | 'crate' | 'ticket' | 'bridged' | 'compensation';

export interface CatalogueItem {
  uuid: string;
  name: string;
  description: string;
  dex_id: number;
  kind: ItemKind;
  collection: string | null;
}

const BASE_SET_NAMES: Array<[string, string]> = [
  ['Pixel Blaster', 'A trusty sidearm from the first season.'],
  ['Neon Visor', 'Glows in every colour the arena has.'],
  ['Trip Hoodie', 'Standard issue comfort for long matches.'],
  ['Circuit Boots', 'Light steps, loud style.'],
  ['Glitch Grenade', 'Cosmetic: leaves a trail of dead pixels.'],
  ['Chrome Katana', 'A blade polished to a mirror finish.'],
  ['Retro Backpack', 'Holds more than it should.'],
  ['Laser Spray', 'Tag the map in laser light.'],
  ['Golden Wrench', 'For those who fix what others break.'],
  ['Arcade Cabinet', 'A tiny cabinet that really plays.'],
  ['Holo Pet Cube', 'A cube that follows you around.'],
  ['Founders Badge', 'Worn by the earliest players.'],
];

export const BASE_SET_COLLECTION = 'Base Set';

/** The Base Set collection: what a crate can hold. */
export const BASE_SET_ITEMS: CatalogueItem[] = BASE_SET_NAMES.map(([name, description], i) => ({
  uuid: `0b5e7c1a-0000-4000-8000-0000000b${String(i + 1).padStart(4, '0')}`,
  name,
  description,
  dex_id: i + 1,
  kind: 'collectible',
  collection: BASE_SET_COLLECTION,
}));

export const CATALOGUE: CatalogueItem[] = [
  ...BASE_SET_ITEMS,
  { uuid: ITEM_IDS.baseSetCrate, name: 'Base Set Crate', description: 'Contains one random item from the Base Set collection.', dex_id: 101, kind: 'crate', collection: BASE_SET_COLLECTION },
  { uuid: ITEM_IDS.baseSetIICrate, name: 'Base Set II Crate', description: 'The second Base Set crate release.', dex_id: 102, kind: 'crate', collection: 'Base Set II' },
  { uuid: ITEM_IDS.mythicalTicket, name: 'Mythical Ticket', description: 'Burn it on the Mythical Bridge for a 64 BIT ANCIENT NFT.', dex_id: 201, kind: 'ticket', collection: null },
  { uuid: ITEM_IDS.ancient64Bit, name: '64 BIT ANCIENT', description: 'An on-chain relic, sent to your own wallet by the Mythical Bridge.', dex_id: 202, kind: 'bridged', collection: null },
  { uuid: ITEM_IDS.technicalDifficulties, name: 'Technical Difficulties', description: 'Thanks for sticking with us through the outage.', dex_id: 203, kind: 'compensation', collection: null },
];

export const CatalogueItemSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  dex_id: z.number().int(),
});
