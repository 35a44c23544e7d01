// Text objects in the player's language. The contract's texts (CLAN_TEXT, AUTH_TEXT, …) stay
// English: the server answers with them and the tests read them. The shell reads them through
// `localized(prefix, TEXT)`: the same shape, each text looked up as `<prefix>.<path>` in the
// active catalog when read (so a switch shows at once). A text function's arguments become the
// message's placeholders {0}, {1}, … (`argFormats` turns special ones, such as coin amounts in
// hundredths, into what the message shows). tests/unit/i18n-catalogs.test.ts checks that the
// English catalog holds every such text exactly as the contract writes it.
import { i18n } from '@lingui/core';
import { withWordForms } from './wordForms';

type Leaf = string | ((...args: never[]) => string);
export type ArgFormat = (args: readonly unknown[]) => Record<string, unknown>;

const positional: ArgFormat = (args) => Object.fromEntries(args.map((value, i) => [String(i), typeof value === 'bigint' ? value.toString() : value]));

export function localized<T extends object>(prefix: string, english: T, argFormats: Record<string, ArgFormat> = {}): T {
  const wrap = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return i18n._(path);
    if (typeof value === 'function') {
      const format = argFormats[path] ?? positional;
      return (...args: unknown[]) => i18n._(path, withWordForms(format(args)));
    }
    if (value !== null && typeof value === 'object') return localized(path, value as object, argFormats);
    return value;
  };
  return new Proxy(english, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof property === 'string' ? wrap(value as Leaf, `${prefix}.${property}`) : value;
    },
  });
}
