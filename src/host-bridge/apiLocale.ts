// The host API's locale, for the game: the host's, else the browser's. Told to the game at start
// and at every change the host reports (the `locale` event), answered to the `locale` call. It is
// the host's locale (Discord's user locale, the portal's system info, with its country), not the
// language the shell speaks: the game reads that from the `language` setting
// (docs/languages.md). Only what the host itself said reaches the language's owner
// (src/lib/hostLocale.ts, read by src/settings-store/language.ts); the browser's fallback does
// not, since the owner reads the browser's languages itself, below the host's.
import { hostAnswerSchema, Locale, type HostAnswerDone, type HostEvent } from '../../contract/game';
import type { HostAdapter } from '../../hosts/types';
import { setHostLocale } from '../lib/hostLocale';
import { browserLanguageTag } from '../settings-store/language';

export interface ApiLocaleDeps {
  adapter: Pick<HostAdapter, 'locale' | 'onLocaleChange'>;
  win: Pick<Window, 'navigator'>;
  emit: (event: HostEvent) => void;
}

export function createApiLocale(deps: ApiLocaleDeps) {
  const { adapter, emit } = deps;
  /** The host's own answer, or null where it has no such power, could not tell, or answered amiss. */
  const fromHost = async (): Promise<HostAnswerDone<'locale'> | null> => {
    const answer = adapter.locale ? await adapter.locale() : null;
    return answer?.status === 'done' && hostAnswerSchema('locale').safeParse(answer).success ? answer : null;
  };
  const call = async (): Promise<HostAnswerDone<'locale'>> => {
    const own = await fromHost();
    if (own) setHostLocale(own.value.locale);
    // The browser's tag comes from the language's owner (settings-store/language.ts).
    return own ?? { status: 'done', value: { locale: browserLanguageTag(deps.win) } };
  };
  void call().then((answer) => { emit({ type: 'locale', locale: answer.value.locale }); }, () => undefined);
  const unsubscribe = adapter.onLocaleChange
    ? adapter.onLocaleChange((locale) => {
      if (!Locale.safeParse(locale).success) return;
      setHostLocale(locale);
      emit({ type: 'locale', locale });
    })
    : () => undefined;
  return { call, dispose: unsubscribe };
}
