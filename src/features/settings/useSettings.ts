// The overlay's view of the settings store (src/settings-store): the values are the store's own
// (read with useSyncExternalStore, no copy here); every accepted change is saved and sent to the
// game by the store, and confirmed here with a 2 s 'Setting updated' toast.
// Slider drags are debounced so the game is not flooded; onChangeEnd flushes, so the final
// value always arrives. Only the slider being dragged is held here until it is committed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldName, SettingsValues } from '../../../contract/settings';
import { useSettingsStore, useSettingsValues } from '../../settings-store/context';
import type { SettingsStore } from '../../settings-store/store';
import { showToast } from '../../ui/toast';
import { t } from '../../i18n';
import { forgetLanguage } from '../../settings-store/language';

export const SETTING_TOAST_MS = 2_000;
export const SLIDER_DEBOUNCE_MS = 150;

/** Any setting's value; the store validates it against the setting's own schema. */
export type Value = SettingsValues[FieldName];

export interface SettingsApi {
  values: SettingsValues;
  store: SettingsStore;
  /** Applies, saves, sends and confirms a change; ignored for hidden or disabled settings. */
  change(name: FieldName, value: Value): void;
  /** A slider moving: shown at once, committed after a pause or on `flush`. */
  drag(name: FieldName, value: Value): void;
  flush(): void;
  /**
   * Applies many values at once (reset, import): each accepted one that differs is saved and
   * sent to the game as (name, value) like any change, then one toast; hidden or disabled ones
   * are left alone. Returns how many changed.
   */
  /** Import (every value a choice) or reset (defaults; the language choice forgotten). */
  applyMany(next: Partial<SettingsValues>, toast: string, how?: 'import' | 'reset'): number;
}

export function useSettings(): SettingsApi {
  const store = useSettingsStore();
  const stored = useSettingsValues();
  const pending = useRef<{ name: FieldName; value: Value } | null>(null);
  // The slider being dragged, shown where it is until committed (whatever the store says meanwhile).
  const [dragged, setDragged] = useState<{ name: FieldName; value: Value } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const values = useMemo<SettingsValues>(() => (dragged ? { ...stored, [dragged.name]: dragged.value } : stored), [stored, dragged]);

  const commit = useCallback((name: FieldName, value: Value) => {
    if (!store.change(name, value)) return;
    showToast({ message: t('settings.updated'), tone: 'success', duration: SETTING_TOAST_MS });
  }, [store]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    setDragged(null);
    if (next) commit(next.name, next.value);
  }, [commit]);

  const change = useCallback((name: FieldName, value: Value) => {
    if (pending.current?.name === name) { clearTimeout(timer.current); pending.current = null; setDragged(null); }
    commit(name, value);
  }, [commit]);

  const drag = useCallback((name: FieldName, value: Value) => {
    if (!store.accepts(name)) return;
    if (pending.current && pending.current.name !== name) flush();
    pending.current = { name, value };
    setDragged({ name, value });
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SLIDER_DEBOUNCE_MS);
  }, [flush, store]);

  const applyMany = useCallback((next: Partial<SettingsValues>, toast: string, how: 'import' | 'reset' = 'import') => {
    clearTimeout(timer.current);
    pending.current = null;
    setDragged(null);
    // A reset's language is no language (settings-store/language.ts forgets the choice).
    let values = next;
    if (how === 'reset' && 'language' in next) {
      const { language: _reset, ...rest } = next;
      values = rest;
      forgetLanguage(store);
    }
    const count = store.changeMany(values);
    showToast({ message: toast, tone: 'success', duration: SETTING_TOAST_MS });
    return count;
  }, [store]);

  // Closing mid-drag still delivers the last value.
  useEffect(() => () => flush(), [flush]);

  return { values, store, change, drag, flush, applyMany };
}
