// The settings' words in the player's language: sections, field labels and descriptions, option
// labels, slider read-outs, key actions, sprint modes and key names. The contract keeps the
// English (the spec's table); the catalog holds each under `settings.*` / `keys.*`, and
// tests/unit/i18n-catalogs.test.ts checks the English catalog says exactly what the contract says.
// Language names are never translated: each is written in its own language.
import { LOCALE_NAMES, isLocale } from '../../contract/locales';
import { KEY_UNBOUND, keyLabel, type SprintMode } from '../../contract/keys';
import {
  SETTINGS_FIELDS, TEXTURE_QUALITY_LABELS, UNLIMITED_FRAME_RATE, type FieldName, type SectionId, type SliderField,
} from '../../contract/settings';
import { i18n } from '@lingui/core';
import { formatNumber } from './format';
import { withWordForms } from './wordForms';

type Field = keyof typeof SETTINGS_FIELDS;
const lookup = (id: string, values?: Record<string, unknown>) => i18n._(id, withWordForms(values));
/** Whether the active catalog has this text: asking Lingui for an id it lacks falls back to the
 * id itself as an uncompiled message, and Lingui warns in the console for each one. */
const known = (id: string): boolean => i18n.messages[id] !== undefined;

export const sectionLabel = (id: SectionId): string => lookup(`settings.section.${id}`);
export const fieldLabel = (name: Field | FieldName): string => lookup(`settings.field.${name}`);
export const fieldDescription = (name: Field): string | undefined =>
  ('description' in SETTINGS_FIELDS[name] && SETTINGS_FIELDS[name].description ? lookup(`settings.description.${name}`) : undefined);

/** Option values whose labels are numbers or codes in every language (Hz, resolutions, AA names). */
const VERBATIM: ReadonlySet<Field> = new Set<Field>(['pollingRate', 'resolution']);
export function optionLabel(name: Field, value: string, english: string): string {
  if (name === 'language') return isLocale(value) ? LOCALE_NAMES[value] : english;
  if (VERBATIM.has(name) || (name === 'antiAliasing' && value !== 'off')) return english;
  return lookup(`settings.option.${name}.${value}`);
}

/** A slider's value as shown beside it ("80%", "144 FPS", "Unlimited", "High", "1.00x"). */
export function sliderText(f: SliderField, value: number): string {
  if (f.format === 'fps') return value >= UNLIMITED_FRAME_RATE ? lookup('settings.slider.unlimited') : lookup('settings.slider.fps', { value: formatNumber(value) });
  if (f.format === 'texture') {
    const index = Math.round(value);
    return index >= 0 && index < TEXTURE_QUALITY_LABELS.length ? lookup(`settings.slider.texture.${index}`) : String(value);
  }
  if (f.format === 'percent') return formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });
  if (f.format === 'multiplier') return lookup('settings.slider.multiplier', { value: formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
  return formatNumber(Number(value.toFixed(2)), { maximumFractionDigits: 2 });
}

export const keyActionLabel = (action: string): string => (known(`keys.action.${action}`) ? lookup(`keys.action.${action}`) : action);
export const sprintModeLabel = (mode: SprintMode): string => lookup(`keys.sprint.${mode}`);

/** Key names: the few words translated (Unbound, Space, arrows, mouse buttons…); letters and symbols as they are. */
export function keyName(code: number): string {
  if (code === KEY_UNBOUND) return lookup('keys.name.Unbound');
  const english = keyLabel(code);
  const numbered = /^(Numpad|Key|Mouse) (\d+)$/.exec(english);
  if (numbered) return lookup(`keys.numbered.${numbered[1]}`, { n: numbered[2] });
  const id = `keys.name.${english.replace(/\s+/g, '')}`;
  return known(id) ? lookup(id) : english;
}
