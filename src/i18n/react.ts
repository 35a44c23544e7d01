// The language in React: every component takes its texts from useT, and a language switch
// (i18n 'change') re-renders every user at once. No provider: components and their tests need none.
import { useMemo, useSyncExternalStore } from 'react';
import { i18n, type MessageId, type MessageValues } from './index';
import { withWordForms } from './wordForms';

export type Translate = (id: MessageId, values?: MessageValues) => string;

const subscribe = (listener: () => void) => i18n.on('change', listener);
const snapshot = () => i18n.locale;

/** The active language's code, re-rendering on a switch. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** `const t = useT(); t('login.title')`: the active language's text; a new function per language. */
export function useT(): Translate {
  const locale = useLocale();
  return useMemo<Translate>(() => {
    void locale;
    return (id, values) => i18n._(id, withWordForms(values));
  }, [locale]);
}
