// One number format per kind of value on the settings' sliders: every
// sensitivity is a multiplier with two decimals ("1.00x", "0.75x"; the contract gives Mouse
// Sensitivity the multiplier format too), volumes and scales are percentages, and a plain
// number always shows as many decimals as its step has ("90", "800", crosshair size "2.0" and
// "2.5", never "2" next to "2.5"), in the player's language (src/i18n/format.ts).
import { stepDecimals, type SliderField } from '../../../contract/settings';
import { formatNumber } from '../../i18n/format';
import { sliderText } from '../../i18n/settingsTexts';

export function sliderValueText(field: SliderField, value: number): string {
  if (field.format) return sliderText(field, value);
  const digits = stepDecimals(field.step);
  return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
