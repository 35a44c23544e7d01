// The Keyboard section (§2.6): Key Bindings and a disabled Advanced tab, the sprint mode, the
// twelve bindable actions and Reset. Conflicts follow the §5 rule and are refused with a toast.
import { Button, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { BINDABLE_KEY_ACTIONS, DEFAULT_KEY_BINDINGS, KEY_UNBOUND, SPRINT_MODES, type SprintMode } from '../../../contract/keys';
import { showToast } from '../../ui/toast';
import { KeyBindButton } from './KeyBindButton';
import { findConflict } from './keyConflict';
import { keyActionLabel, keyName, sprintModeLabel } from '../../i18n/settingsTexts';
import type { SettingsApi } from './useSettings';
import classes from './SettingsOverlay.module.css';
import { t } from '../../i18n';

export const DOUBLE_TAP_LABEL = 'Double Tap W';
export const SPRINT_UNBOUND_TEXT = 'Sprint is now unbound: choose another key for it';

/** `compact`: phones, where the three sprint modes do not fit side by side. */
export function KeyboardSection({ api, compact = false }: { api: SettingsApi; compact?: boolean }) {
  const bindings = api.values.keyBindingsV2;
  const sprintMode = api.values.sprintMode as SprintMode;

  // Leaving doubleTap can leave sprint's key shared with another action (doubleTap allows it):
  // re-check, and unbind sprint with a word rather than keep two actions on one key silently.
  const changeSprintMode = (mode: SprintMode) => {
    const sprintKey = bindings.sprint ?? KEY_UNBOUND;
    const other = findConflict(bindings, 'sprint', sprintKey, mode);
    api.change('sprintMode', mode);
    if (!other) return;
    api.change('keyBindingsV2', { ...bindings, sprint: KEY_UNBOUND });
    showToast({ title: t('keys.conflictTitle', { key: keyName(sprintKey), action: keyActionLabel(other) }), message: t('settings.sprintUnbound'), tone: 'error' });
  };

  const assign = (action: string, code: number) => {
    const other = findConflict(bindings, action, code, sprintMode);
    if (other) {
      showToast({ title: t('keys.conflictTitle', { key: keyName(code), action: keyActionLabel(other) }), message: t('keys.conflictDescription'), tone: 'error' });
      return;
    }
    api.change('keyBindingsV2', { ...bindings, [action]: code });
  };

  return (
    <Tabs defaultValue="bindings" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="bindings">{t('settings.KeyboardSection.keyBindings')}</Tabs.Tab>
        <Tabs.Tab value="advanced" disabled>{t('settings.KeyboardSection.advanced')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="bindings" pt="md">
        <Stack gap="sm">
          <div className={classes.row}>
            <Text size="sm" id="sprint-mode-label" mb={4}>{t('settings.KeyboardSection.sprintMode')}</Text>
            <SegmentedControl
              aria-labelledby="sprint-mode-label"
              orientation={compact ? 'vertical' : 'horizontal'}
              fullWidth={compact}
              data={SPRINT_MODES.map((m) => ({ value: m, label: sprintModeLabel(m) }))}
              value={sprintMode}
              onChange={(v) => changeSprintMode(v as SprintMode)}
            />
          </div>
          {BINDABLE_KEY_ACTIONS.map((action) => (
            <Group key={action} justify="space-between" className={classes.row} data-action={action}>
              <Text size="sm">{keyActionLabel(action)}</Text>
              <KeyBindButton
                label={keyActionLabel(action)}
                code={bindings[action] ?? KEY_UNBOUND}
                fixedText={action === 'sprint' && sprintMode === 'doubleTap' ? t('keys.doubleTapLabel') : undefined}
                onCapture={(code) => assign(action, code)}
              />
            </Group>
          ))}
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={() => api.change('keyBindingsV2', { ...bindings, ...DEFAULT_KEY_BINDINGS })}>
              {t('settings.KeyboardSection.reset')}
            </Button>
          </Group>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
