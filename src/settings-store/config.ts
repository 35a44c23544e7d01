// What the parent decides about the overlay: disabled sections, hidden
// options and the sidebar order. Defaults are the current configuration; an embedding page (or
// a test) can switch them with query parameters, since the parent's only channel into this
// page before any message is its URL:
//   ?settingsDisabled=general,video   (the spec's preset; empty value: none disabled; default: video)
//   ?settingsHidden=dpi,crosshair     (empty value: none hidden)
//   ?settingsOrder=clansSecond
import {
  HIDDEN_SETTINGS, SHELL_DISABLED_SECTIONS, SHELL_HIDDEN_GENERAL, SIDEBAR_ORDERS, isSectionId, type SectionId, type SidebarOrder,
} from '../../contract/settings';

export interface SettingsConfig {
  disabledSections: readonly SectionId[];
  hidden: readonly string[];
  order: readonly SectionId[];
}

const list = (raw: string) => raw.split(',').map((s) => s.trim()).filter(Boolean);

export function settingsConfigFrom(search: string): SettingsConfig {
  const params = new URLSearchParams(search);
  const disabled = params.get('settingsDisabled');
  const hidden = params.get('settingsHidden');
  const order = params.get('settingsOrder');
  return {
    disabledSections: disabled === null ? SHELL_DISABLED_SECTIONS : list(disabled).filter(isSectionId),
    hidden: hidden === null ? [...HIDDEN_SETTINGS, ...SHELL_HIDDEN_GENERAL] : list(hidden),
    order: order !== null && order in SIDEBAR_ORDERS ? SIDEBAR_ORDERS[order as SidebarOrder] : SIDEBAR_ORDERS.standard,
  };
}

export function currentSettingsConfig(): SettingsConfig {
  return settingsConfigFrom(typeof window === 'undefined' ? '' : window.location.search);
}
