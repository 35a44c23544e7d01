// Vite plugin: `virtual:i18n-catalog/<lang>/first` and `virtual:i18n-catalog/<lang>/rest` are
// src/i18n/catalogs/<lang>.json with every ICU message compiled by Lingui at build time, so the
// browser gets no message parser and only the player's language. `first` holds what the first
// screen says (the loading screen: FIRST_SCREEN_KEYS, under 1 KiB), awaited before the first
// render; `rest` (~14 KiB gzip) loads meanwhile and before the overlays. Used by vite.config.ts
// and vitest.config.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = '\0i18n-catalog:';
/** Keys the first screen (the loading screen) shows. */
export const FIRST_SCREEN_KEYS = (id: string) => id.startsWith('loading.') || id === 'common.retry';

export function compileCatalog(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'i18n-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) && /^[a-z]{2}\/(first|rest)$/.test(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length).replace('/', '_') : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [lang, part] = id.slice(RESOLVED.length).split('_') as [string, 'first' | 'rest'];
      const file = fileURLToPath(new URL(`../src/i18n/catalogs/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const picked = Object.fromEntries(Object.entries(source).filter(([key]) => FIRST_SCREEN_KEYS(key) === (part === 'first')));
      return `export default ${JSON.stringify(compileCatalog(picked))};`;
    },
  };
}
