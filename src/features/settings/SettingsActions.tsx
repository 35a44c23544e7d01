// Beyond the spec: reset the open section or everything to the defaults (each behind a
// confirmation), export the settings to a JSON file and import one. Every changed value goes to
// the game as (name, value) like any other change (useSettings.applyMany); an import is all or
// nothing, with the reason shown when a file is refused.
import { ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconRestore, IconRotate, IconUpload, type Icon } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { DEFAULT_SETTINGS, FIELD_NAMES, SETTINGS_FIELDS, type SectionId, type SettingsValues } from '../../../contract/settings';
import { downloadSettings, readSettingsFile } from './transfer';
import type { SettingsApi } from './useSettings';
import classes from './SettingsOverlay.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { sectionLabel } from '../../i18n/settingsTexts';
import { localized } from '../../i18n/localized';

/** The defaults of one section's settings (Keyboard: sprint mode and every binding). */
export function sectionDefaults(section: SectionId): Partial<SettingsValues> {
  const out: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) if (SETTINGS_FIELDS[name].section === section) out[name] = DEFAULT_SETTINGS[name];
  if (section === 'keyboard') out.keyBindingsV2 = { ...DEFAULT_SETTINGS.keyBindingsV2 };
  return out as Partial<SettingsValues>;
}
export const hasResettableSettings = (section: SectionId) => Object.keys(sectionDefaults(section)).length > 0;
/** Sections whose panel has its own Reset (the spec's Keyboard): the footer offers no second one for the same scope. */
export const SECTIONS_WITH_OWN_RESET: ReadonlySet<SectionId> = new Set<SectionId>(['keyboard']);

export const ACTION_TEXT = localized('settings.action', {
  resetSectionTitle: (label: string) => `Reset ${label}?`,
  resetSectionBody: (label: string) => `Every ${label} setting goes back to its default value. This cannot be undone.`,
  resetSectionDone: (label: string) => `${label} reset to defaults`,
  resetAllTitle: 'Reset all settings?',
  resetAllBody: 'Every setting in every section, key bindings included, goes back to its default value. This cannot be undone.',
  resetAllDone: 'All settings reset to defaults',
  imported: 'Settings imported',
  importFailedTitle: 'Import failed',
} as const);

interface Confirm { title: string; body: string; action: string; run: () => void }

function ConfirmDialog({ confirm, onClose }: { confirm: Confirm | null; onClose: () => void }) {
  // Escape closes this dialog only, not the settings overlay under it (its layer is above).
  return (
    <BusyModal opened={confirm !== null} onClose={onClose} title={confirm?.title} zIndex={500} data-testid="settings-confirm">
      <Stack gap="md">
        <Text size="sm">{confirm?.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('settings.SettingsActions.cancel')}</Button>
          <Button color="red" onClick={() => { confirm?.run(); onClose(); }} data-autofocus>{confirm?.action}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}

/**
 * A footer button: text on a wide screen; on a phone (`compact`) an icon with the same
 * accessible name and a tooltip title, so the four fit one row.
 */
function FooterButton({ compact, label, icon: ButtonIcon, danger, onClick }: { compact: boolean; label: string; icon: Icon; danger?: boolean; onClick: () => void }) {
  if (compact) {
    return (
      <ActionIcon size="lg" variant={danger ? 'light' : 'default'} color={danger ? 'red' : undefined} aria-label={label} title={label} onClick={onClick}>
        <ButtonIcon size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button size="sm" variant={danger ? 'light' : 'default'} color={danger ? 'red' : undefined} leftSection={<ButtonIcon size={16} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * Only under a section that has settings of its own: About, Account, Airdrops and Clans reset
 * nothing and get no footer (export and import are one tap away in any settings section).
 */
export function SettingsActions({ api, section, compact }: { api: SettingsApi; section: SectionId; compact: boolean }) {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = sectionLabel(section);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file can be chosen again
    if (!file) return;
    const result = await readSettingsFile(file);
    if (!result.ok) { setImportError(result.error); return; }
    setImportError(null);
    api.applyMany(result.settings, ACTION_TEXT.imported);
  };

  if (!hasResettableSettings(section)) return null;
  return (
    <footer className={classes.actions} data-settings-footer aria-label={t('settings.SettingsActions.manageSettings')} data-compact={compact || undefined}>
      {importError && (
        <Alert color="red" variant="light" title={ACTION_TEXT.importFailedTitle} withCloseButton closeButtonLabel={t('settings.SettingsActions.dismiss')}
          onClose={() => setImportError(null)} data-testid="settings-import-error" role="alert" mb="xs">
          {importError}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap">
        {SECTIONS_WITH_OWN_RESET.has(section) ? null : compact ? (
          <Button size="compact-sm" h={34} variant="light" color="red" leftSection={<IconRestore size={16} aria-hidden />} onClick={() => setConfirm({
            title: ACTION_TEXT.resetSectionTitle(label), body: ACTION_TEXT.resetSectionBody(label), action: t('settings.SettingsActions.resetLabel', { label }),
            run: () => api.applyMany(sectionDefaults(section), ACTION_TEXT.resetSectionDone(label), 'reset'),
          })} style={{ minWidth: 0, flexShrink: 1 }}>
            {t('settings.SettingsActions.resetLabel', { label })}
          </Button>
        ) : (
          <FooterButton compact={false} danger label={t('settings.SettingsActions.resetLabel', { label })} icon={IconRestore} onClick={() => setConfirm({
            title: ACTION_TEXT.resetSectionTitle(label), body: ACTION_TEXT.resetSectionBody(label), action: t('settings.SettingsActions.resetLabel', { label }),
            run: () => api.applyMany(sectionDefaults(section), ACTION_TEXT.resetSectionDone(label), 'reset'),
          })} />
        )}
        <FooterButton compact={compact} danger label={t('settings.SettingsActions.resetAll')} icon={IconRotate} onClick={() => setConfirm({
          title: ACTION_TEXT.resetAllTitle, body: ACTION_TEXT.resetAllBody, action: t('settings.SettingsActions.resetAllAction'),
          run: () => api.applyMany(DEFAULT_SETTINGS, ACTION_TEXT.resetAllDone, 'reset'),
        })} />
        <div style={{ flex: 1 }} />
        <FooterButton compact={compact} label={t('settings.SettingsActions.exportSettings')} icon={IconDownload} onClick={() => downloadSettings(api.values)} />
        <FooterButton compact={compact} label={t('settings.SettingsActions.importSettings')} icon={IconUpload} onClick={() => fileInput.current?.click()} />
        <input ref={fileInput} type="file" accept=".json,application/json" hidden aria-hidden tabIndex={-1}
          data-testid="settings-import-input" onChange={(event) => { void onFile(event); }} />
      </Group>
      <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} />
    </footer>
  );
}
