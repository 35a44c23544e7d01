// Export to a JSON file and import from one (beyond the spec). The file format and its
// validation live in contract/settings.ts (parseSettingsImport): all or nothing.
import { SETTINGS_EXPORT_FILENAME, SETTINGS_IMPORT_MAX_BYTES, parseSettingsImport, settingsExportOf, type SettingsImportResult, type SettingsValues } from '../../../contract/settings';
import { SETTINGS_IMPORT_TEXT } from '../../i18n/texts';

export function downloadSettings(values: SettingsValues): void {
  const blob = new Blob([`${JSON.stringify(settingsExportOf(values), null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = SETTINGS_EXPORT_FILENAME;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function readSettingsFile(file: Blob): Promise<SettingsImportResult> {
  if (file.size > SETTINGS_IMPORT_MAX_BYTES) return { ok: false, error: SETTINGS_IMPORT_TEXT.tooLarge };
  let text: string;
  try { text = await file.text(); } catch { return { ok: false, error: SETTINGS_IMPORT_TEXT.notJson }; }
  return parseSettingsImport(text);
}
