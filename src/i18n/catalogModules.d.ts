// Catalogs reach the browser compiled (scripts/i18nCatalogs.ts): one chunk per language.
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
