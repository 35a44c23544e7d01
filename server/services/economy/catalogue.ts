// The item catalogue (contract/items.ts is the source; the database is seeded from it at every
// start) and item sprites. Sprites are drawn here as small SVGs, deterministic per item: the same
// item always gets the same picture and the same ETag, so browsers and CDNs cache them forever
// and no binary art has to be shipped.
import { createHash } from 'node:crypto';
import { CATALOGUE, type CatalogueItem, type ItemKind } from '../../../contract/items';

const BY_UUID = new Map(CATALOGUE.map((item) => [item.uuid, item]));

export function catalogueItem(uuid: string): CatalogueItem | undefined {
  return BY_UUID.get(uuid.toLowerCase());
}

export function catalogueItems(): readonly CatalogueItem[] {
  return CATALOGUE;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The emblem in the middle of the card, drawn on a 100x100 grid. */
function emblem(kind: ItemKind, initials: string, light: string, dark: string): string {
  switch (kind) {
    case 'crate':
      return `<rect x="22" y="30" width="56" height="44" rx="4" fill="${dark}" stroke="${light}" stroke-width="3"/>`
        + `<rect x="18" y="24" width="64" height="12" rx="3" fill="${light}"/>`
        + `<path d="M22 52h56M50 36v38" stroke="${light}" stroke-width="3"/>`;
    case 'ticket':
      return `<path d="M18 34h64v10a6 6 0 0 0 0 12v10H18V56a6 6 0 0 0 0-12z" fill="${dark}" stroke="${light}" stroke-width="3"/>`
        + `<path d="M62 36v28" stroke="${light}" stroke-width="2" stroke-dasharray="3 3"/>`;
    case 'bridged':
      return `<path d="M50 16l30 34-30 34-30-34z" fill="${dark}" stroke="${light}" stroke-width="3"/>`
        + `<path d="M20 50h60M50 16l-12 34 12 34 12-34z" stroke="${light}" stroke-width="1.5" fill="none"/>`;
    case 'compensation':
      return `<circle cx="50" cy="50" r="30" fill="${dark}" stroke="${light}" stroke-width="3"/>`
        + `<path d="M50 34v20" stroke="${light}" stroke-width="6" stroke-linecap="round"/><circle cx="50" cy="65" r="4" fill="${light}"/>`;
    default:
      return `<path d="M50 18l28 16v32L50 82 22 66V34z" fill="${dark}" stroke="${light}" stroke-width="3"/>`
        + `<text x="50" y="58" text-anchor="middle" font-family="monospace" font-weight="700" font-size="22" fill="${light}">${escapeXml(initials)}</text>`;
  }
}

function hueOf(uuid: string): number {
  return createHash('sha256').update(uuid).digest().readUInt16BE(0) % 360;
}

export function spriteSvg(item: CatalogueItem, size: number): string {
  const hue = hueOf(item.uuid);
  const light = `hsl(${hue} 90% 75%)`;
  const dark = `hsl(${hue} 55% 22%)`;
  const initials = item.name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
  const label = item.name.length > 18 ? `${item.name.slice(0, 17)}…` : item.name;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(item.name)}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 12%)"/></linearGradient></defs>`
    + `<rect width="100" height="100" rx="10" fill="url(#g)"/>`
    + `<text x="6" y="11" font-family="monospace" font-size="7" fill="${light}">#${item.dex_id}</text>`
    + emblem(item.kind, initials, light, dark)
    + `<text x="50" y="95" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="8" fill="#fff">${escapeXml(label)}</text>`
    + `</svg>`;
}

export interface Sprite { body: string; etag: string }

const sprites = new Map<string, Sprite>();

/** The sprite of a catalogue item at a size, computed once per process. */
export function sprite(item: CatalogueItem, size: number): Sprite {
  const cacheKey = `${item.uuid}:${size}`;
  let found = sprites.get(cacheKey);
  if (!found) {
    const body = spriteSvg(item, size);
    found = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    sprites.set(cacheKey, found);
  }
  return found;
}

/** If-None-Match: a list of tags, weak or strong, or '*'. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*');
}
