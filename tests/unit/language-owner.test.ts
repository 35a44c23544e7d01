// The language has one owner (src/settings-store/language.ts): it alone decides the effective
// language, reads the browser's languages for the shell and hears the host's locale; src/i18n
// only activates the catalog it names. And the host API's browser fallback, which the game gets
// as the `locale` event, is not the host's locale: it never outranks the browser's own order.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../contract/hostApi';
import { createApiLocale } from '../../src/host-bridge/apiLocale';
import { getHostLocale, setHostLocale } from '../../src/lib/hostLocale';

const OWNER = 'src/settings-store/language.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const shell = sources('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const where = (pattern: RegExp) => shell.filter((file) => pattern.test(file.text)).map((file) => file.path).sort();

describe('the language\'s one owner', () => {
  it('is the only module that activates a language (src/i18n does it for the owner)', () => {
    expect(where(/\bi18n\.activate\(/)).toEqual(['src/i18n/index.ts']);
    expect(where(/\bactivateLocale\b/)).toEqual(['src/i18n/index.ts', OWNER]);
  });

  it('is the only one in the shell that reads the browser\'s languages to choose one', () => {
    // The error reports' `browser_locale` tag records what the browser says, beside the page's `locale`.
    expect(where(/navigator\.languages?\b/)).toEqual(['src/reporting/sentryBrowser.ts', OWNER]);
  });

  it('is the only one that hears the host\'s locale, and resolves nowhere else', () => {
    expect(where(/\b(subscribeHostLocale|getHostLocale)\b/)).toEqual(['src/lib/hostLocale.ts', OWNER]);
    expect(where(/\bresolveLocale\(/)).toEqual(['src/i18n/resolve.ts', OWNER]);
  });
});

describe('the host API\'s locale', () => {
  afterEach(() => { setHostLocale(null); });
  const nav = { navigator: { languages: ['it-IT', 'de-DE'], language: 'it-IT' } as unknown as Navigator };

  it('tells the game the browser\'s tag where the host has no locale, but leaves the host\'s locale unknown', async () => {
    const heard: HostEvent[] = [];
    const api = createApiLocale({ adapter: {}, win: nav, emit: (event) => { heard.push(event); } });
    expect(await api.call()).toEqual({ status: 'done', value: { locale: 'it-IT' } });
    await expect.poll(() => heard).toEqual([{ type: 'locale', locale: 'it-IT' }]);
    expect(getHostLocale()).toBeNull();
  });

  it('hands the owner what the host said, at start and at each change', async () => {
    let change: ((locale: string) => void) | undefined;
    const api = createApiLocale({
      adapter: {
        locale: () => Promise.resolve({ status: 'done', value: { locale: 'ja-JP' } }),
        onLocaleChange: (listener) => { change = listener; return () => { change = undefined; }; },
      },
      win: nav,
      emit: () => undefined,
    });
    await expect.poll(() => getHostLocale()).toBe('ja-JP');
    change?.('ko-KR');
    expect(getHostLocale()).toBe('ko-KR');
    change?.('not a tag!');
    expect(getHostLocale()).toBe('ko-KR');
    api.dispose();
  });
});
