// Vite plugin: `virtual:i18n-catalog/<lang>` is src/i18n/catalogs/<lang>.json with every ICU
// message compiled by Lingui at build time, so the browser gets no message parser and only the
// player's language (one small chunk per language). Used by vite.config.ts and vitest.config.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = '\0i18n-catalog:';

export function compileCatalog(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'i18n-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) && /^[a-z]{2}$/.test(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const file = fileURLToPath(new URL(`../src/i18n/catalogs/${id.slice(RESOLVED.length)}.json`, import.meta.url));
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalog(source))};`;
    },
  };
}
