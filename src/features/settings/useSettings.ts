// The overlay's settings state: loaded once from storage, every accepted change saved, sent to
// the game as (name, value) and confirmed with a 2 s 'Setting updated' toast (§4.2, §9).
// Slider drags are debounced so the game is not flooded; onChangeEnd flushes, so the final
// value always arrives.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SHELL_TO_GAME } from '../../../contract/gameConstants';
import { isFieldName, type FieldName, type SettingsValues } from '../../../contract/settings';
import { sendToGame } from '../../game/game';
import { showToast } from '../../ui/toast';
import type { SettingsConfig } from './config';
import { emitSettingsEvent, onSettingsEvent } from './events';
import { createSettingsStorage, type SettingsStorage } from './storage';
import { sameValue } from './sync';

export const SETTING_TOAST_MS = 2_000;
export const SLIDER_DEBOUNCE_MS = 150;

/** Any setting's value; storage validates it against the setting's own schema. */
export type Value = SettingsValues[FieldName];

export interface SettingsApi {
  values: SettingsValues;
  storage: SettingsStorage;
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
  applyMany(next: Partial<SettingsValues>, toast: string): number;
}

export function useSettings(config: SettingsConfig): SettingsApi {
  const storage = useMemo(
    () => createSettingsStorage({ hidden: config.hidden, disabledSections: config.disabledSections }),
    [config.hidden, config.disabledSections],
  );
  const [values, setValues] = useState<SettingsValues>(() => storage.load());
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const pending = useRef<{ name: FieldName; value: Value } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The whole object reaches the game when it loads (src/app/SettingsToGame); here changes go one by one.
  useEffect(() => { storage.cleanup(); }, [storage]);
  // The account copy was applied while the overlay is open (AccountSync): show it.
  useEffect(() => onSettingsEvent('replaced', () => setValues(storage.load())), [storage]);

  const commit = useCallback((name: FieldName, value: Value) => {
    if (!storage.save(name, value)) return;
    setValues((prev) => ({ ...prev, [name]: value }));
    sendToGame(SHELL_TO_GAME.settingChanged, { name, value });
    showToast({ message: 'Setting updated', tone: 'success', duration: SETTING_TOAST_MS });
    emitSettingsEvent('changed');
  }, [storage]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) commit(next.name, next.value);
  }, [commit]);

  const change = useCallback((name: FieldName, value: Value) => {
    if (pending.current?.name === name) { clearTimeout(timer.current); pending.current = null; }
    commit(name, value);
  }, [commit]);

  const drag = useCallback((name: FieldName, value: Value) => {
    if (!storage.accepts(name)) return;
    if (pending.current && pending.current.name !== name) flush();
    pending.current = { name, value };
    setValues((prev) => ({ ...prev, [name]: value }));
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SLIDER_DEBOUNCE_MS);
  }, [flush, storage]);

  const applyMany = useCallback((next: Partial<SettingsValues>, toast: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    const current = valuesRef.current;
    const applied: Record<string, Value> = {};
    for (const [name, value] of Object.entries(next) as Array<[string, Value]>) {
      if (!isFieldName(name) || !storage.accepts(name) || sameValue(current[name], value)) continue;
      if (!storage.save(name, value)) continue;
      applied[name] = value;
      sendToGame(SHELL_TO_GAME.settingChanged, { name, value });
    }
    const count = Object.keys(applied).length;
    if (count > 0) {
      const merged = { ...current, ...applied } as SettingsValues;
      valuesRef.current = merged;
      setValues(merged);
      emitSettingsEvent('changed');
    }
    showToast({ message: toast, tone: 'success', duration: SETTING_TOAST_MS });
    return count;
  }, [storage]);

  // Closing mid-drag still delivers the last value.
  useEffect(() => () => flush(), [flush]);

  return { values, storage, change, drag, flush, applyMany };
}
