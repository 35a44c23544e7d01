// The server answers errors in English (its texts are the contract's, e.g. CLAN_TEXT.nameTaken).
// The shell shows its own translation of a text it knows, the server's text otherwise (a detail
// only the server can word, or a text of a newer server). Keyed by the English text today; when
// every answer carries a stable `code` (contract/http.ts ErrorBody), map codes here the same way.
import { i18n } from '@lingui/core';
import { CONTRACT_TEXTS } from './texts';

let byEnglish: Map<string, string> | null = null;
function index(): Map<string, string> {
  if (byEnglish) return byEnglish;
  const map = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') { if (!map.has(value)) map.set(value, prefix); return; }
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}.${k}`, v);
  };
  for (const [prefix, object] of Object.entries(CONTRACT_TEXTS)) walk(prefix, object);
  byEnglish = map;
  return map;
}

/** The player's-language text for a server error text, or the server's own when the shell does not know it. */
export function localServerText(text: string): string {
  const key = index().get(text);
  return key ? i18n._(key) : text;
}
