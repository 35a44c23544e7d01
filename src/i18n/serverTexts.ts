// The server answers errors in English (its texts are the contract's, e.g. CLAN_TEXT.nameTaken)
// with a stable `code` (contract/texts.ts: the contract text's own code, `CLAN_NAME_TAKEN`, or
// one the error names, or its status's). The shell shows its own translation for a code it knows,
// then for an English text it knows (an older server, an error that names its own code), and the
// server's text otherwise (a detail only the server can word, or a text of a newer server).
import { i18n } from '@lingui/core';
import { contractTextEntries } from '../../contract/texts';

let byCode: Map<string, string> | null = null;
let byEnglish: Map<string, string> | null = null;
function index(): { byCode: Map<string, string>; byEnglish: Map<string, string> } {
  if (!byCode || !byEnglish) {
    byCode = new Map();
    byEnglish = new Map();
    for (const { text, code, path } of contractTextEntries()) {
      if (!byCode.has(code)) byCode.set(code, `text.${path}`);
      if (!byEnglish.has(text)) byEnglish.set(text, `text.${path}`);
    }
  }
  return { byCode, byEnglish };
}

/** The player's-language text for a server error: by its code, else by its English text, else the server's own. */
export function localServerText(text: string, code?: string): string {
  const { byCode: codes, byEnglish: texts } = index();
  const key = (code ? codes.get(code) : undefined) ?? texts.get(text);
  return key ? i18n._(key) : text;
}
