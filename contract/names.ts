// What a name may be made of, shared by the shell and the server: no invisible,
// format or control characters, and letters from one script only (with the combinations
// Unicode's "highly restrictive" profile allows: Han with Hiragana/Katakana, Hangul or
// Bopomofo). Look-alikes of names already taken are refused by the server (confusable skeleton).

/** Characters that show as nothing (or as a blank) or steer the text: control (Cc), format (Cf),
 * default-ignorable (U+3164 HANGUL FILLER...), private use, unassigned, separators other than the
 * plain space, and the blank Braille pattern U+2800. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{Zs}/u;

const SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari', 'Bengali',
  'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan',
  'Myanmar', 'Ethiopic', 'Cherokee', 'Khmer', 'Mongolian', 'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const ALLOWED_MIXES = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul']), new Set(['Han', 'Bopomofo'])];

/** The scripts of the letters and digits in `text` (Common and Inherited ones left out). */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) {
    if (SHARED.test(ch) || !/[\p{L}\p{M}\p{N}]/u.test(ch)) continue;
    found.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return found;
}

export const NAME_TEXT = {
  invisible: (what: string) => `${what} cannot contain invisible, formatting or control characters`,
  mixedScripts: (what: string) => `${what} cannot mix letters from different alphabets (such as Latin and Cyrillic)`,
};

/** What is wrong with the characters of `name` (`what`: 'Clan name'...), or null. */
export function nameCharacterProblem(name: string, what: string): string | null {
  if (INVISIBLE.test(name)) return NAME_TEXT.invisible(what);
  const scripts = scriptsOf(name);
  if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)))) return NAME_TEXT.mixedScripts(what);
  return null;
}
