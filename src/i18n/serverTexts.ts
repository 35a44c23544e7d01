// What the server says, in the player's language. The server answers in English with a stable
// code (contract/texts.ts): an error's `code` (or `text`, the contract text's code when the
// error names its own, INSUFFICIENT_FUNDS saying CRATE_INSUFFICIENT) with its `params`, a
// success's `messageText` ({code, params}). The shell words a code it knows from the catalog
// (`text.<path>`, the values in the order TEXT_PARAMS names them), then an English text it knows
// (an older server, a check the shell ran with the contract's English), and shows the server's
// own text only for neither (a text of a newer server).
import { i18n } from '@lingui/core';
import type { TextParams, TextRef } from '../../contract/http';
import { contractTextCodes, contractTextEntries } from '../../contract/texts';
import { ARG_FORMATS } from './texts';
import { withWordForms } from './wordForms';

interface Known { key: string; params: readonly string[] }
let byCode: Map<string, Known> | null = null;
let byEnglish: Map<string, string> | null = null;
function index(): { byCode: Map<string, Known>; byEnglish: Map<string, string> } {
  if (!byCode || !byEnglish) {
    byCode = new Map();
    byEnglish = new Map();
    for (const { code, path, params } of contractTextCodes()) if (!byCode.has(code)) byCode.set(code, { key: `text.${path}`, params });
    for (const { text, path } of contractTextEntries()) if (!byEnglish.has(text)) byEnglish.set(text, `text.${path}`);
  }
  return { byCode, byEnglish };
}

/** A code with its values in the player's language, or undefined for a code this shell does not know
 * (or one that needs a value the answer lacks). */
export function wordCode(code: string, params: TextParams = {}): string | undefined {
  const known = index().byCode.get(code);
  if (!known) return undefined;
  if (known.params.length === 0) return i18n._(known.key);
  if (known.params.some((name) => params[name] === undefined)) return undefined;
  const args = known.params.map((name) => params[name]);
  const format = ARG_FORMATS[known.key] ?? ((a: readonly unknown[]) => Object.fromEntries(a.map((v, i) => [String(i), v])));
  return i18n._(known.key, withWordForms(format(args)));
}

/** A success's text: its code's wording, else the English it came with as a known text, else that English. */
export function localAnswerText(answer: { message: string; messageText?: TextRef | undefined }): string {
  return (answer.messageText && wordCode(answer.messageText.code, answer.messageText.params)) || localServerText(answer.message);
}

/** The player's-language text for a server error: by its text's code (with its values), else its
 * own code, else its English text, else the server's own. */
export function localServerText(text: string, code?: string, textCode?: string, params?: TextParams): string {
  for (const candidate of [textCode, code]) {
    const worded = candidate === undefined ? undefined : wordCode(candidate, params);
    if (worded !== undefined) return worded;
  }
  const key = index().byEnglish.get(text);
  return key ? i18n._(key) : text;
}
