// The host API's locale: the host's, else the browser's. Told to the game at start and at every
// change the host reports (the `locale` event), answered to the `locale` call.
import { hostAnswerSchema, Locale, type HostAnswerDone, type HostEvent } from '../../contract/game';
import type { HostAdapter } from '../../hosts/types';
import { setHostLocale } from '../lib/hostLocale';
import { browserLanguageTag } from '../settings-store/language';

export interface ApiLocaleDeps {
  adapter: HostAdapter;
  win: Pick<Window, 'navigator'>;
  emit: (event: HostEvent) => void;
}

export function createApiLocale(deps: ApiLocaleDeps) {
  const { adapter, emit } = deps;
  // The browser's tag comes from the language's owner (settings-store/language.ts).
  const browserLocale = () => browserLanguageTag(deps.win);
  const take = (locale: string) => {
    if (!Locale.safeParse(locale).success) return;
    setHostLocale(locale);
    emit({ type: 'locale', locale });
  };
  const call = async (): Promise<HostAnswerDone<'locale'>> => {
    // The host's, else (no such power, or the host could not tell) the browser's.
    const fromHost = adapter.locale ? await adapter.locale() : null;
    const valid = fromHost?.status === 'done' && hostAnswerSchema('locale').safeParse(fromHost).success;
    const answer: HostAnswerDone<'locale'> = valid && fromHost.status === 'done' ? fromHost : { status: 'done', value: { locale: browserLocale() } };
    setHostLocale(answer.value.locale);
    return answer;
  };
  void call().then((answer) => take(answer.value.locale), () => undefined);
  const unsubscribe = adapter.onLocaleChange ? adapter.onLocaleChange(take) : () => undefined;
  return { call, dispose: unsubscribe };
}
