// The Keyboard section: Key Bindings and a disabled Advanced tab, the sprint mode, the
// twelve bindable actions and Reset. A key already bound elsewhere (one key, one action) is answered in
// place, under the action's row, with the spec's texts and Swap or Cancel:
// nothing floats over the footer. On a touch-only device a note says what the bindings are for.
import { Alert, Button, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { BINDABLE_KEY_ACTIONS, KEY_UNBOUND, SPRINT_MODES, type SprintMode } from '../../../contract/keys';
import { findConflict, initialKeyBindingState, keyBindingStep, type KeyBindingEvent, type KeyConflict } from '../../../machines/key-binding';
import { useEscapeLayer } from '../../overlays/context';
import { showToast } from '../../ui/toast';
import { KeyBindButton } from './KeyBindButton';
import { useTouchOnly } from './touchOnly';
import { keyActionLabel, keyName, sectionLabel, sprintModeLabel } from '../../i18n/settingsTexts';
import { ACTION_TEXT, sectionDefaults } from './SettingsActions';
import type { SettingsApi } from './useSettings';
import classes from './SettingsOverlay.module.css';
import { t } from '../../i18n';

export const DOUBLE_TAP_LABEL = 'Double Tap W';
export const SPRINT_UNBOUND_TEXT = 'Sprint is now unbound: choose another key for it';

/** The conflict's question, under the row of the action being bound: the spec's title and text, then Swap or Cancel. */
function ConflictPrompt({ conflict, onAnswer }: { conflict: KeyConflict; onAnswer: (event: KeyBindingEvent) => void }) {
  const swapButton = useRef<HTMLButtonElement>(null);
  // Escape answers Cancel (and leaves the overlay open); the focus goes to Swap, the likely answer.
  useEscapeLayer('dialog', true, () => onAnswer({ type: 'CANCEL' }));
  useEffect(() => { swapButton.current?.focus(); }, [conflict]);
  const values = { action: keyActionLabel(conflict.action), key: keyName(conflict.code), other: keyActionLabel(conflict.other), previous: keyName(conflict.previous) };
  return (
    <Alert role="alertdialog" aria-labelledby="key-conflict-title" aria-describedby="key-conflict-text" color="yellow" variant="light"
      className={classes.conflict} data-testid="key-conflict"
      title={<span id="key-conflict-title">{t('keys.conflictTitle', { key: values.key, action: values.other })}</span>}>
      <Stack gap="xs" id="key-conflict-text">
        <Text size="sm">{t('keys.conflictDescription')}</Text>
        <Text size="sm">{conflict.previous === KEY_UNBOUND ? t('settings.keyConflict.swapHintUnbound', values) : t('settings.keyConflict.swapHint', values)}</Text>
      </Stack>
      <Group gap="xs" mt="sm">
        <Button ref={swapButton} size="compact-md" onClick={() => onAnswer({ type: 'SWAP' })}>{t('settings.keyConflict.swap')}</Button>
        <Button size="compact-md" variant="default" onClick={() => onAnswer({ type: 'CANCEL' })}>{t('settings.KeyBindButton.cancel')}</Button>
      </Group>
    </Alert>
  );
}

/** `compact`: phones, where the three sprint modes do not fit side by side. */
export function KeyboardSection({ api, compact = false }: { api: SettingsApi; compact?: boolean }) {
  const bindings = api.values.keyBindingsV2;
  const sprintMode = api.values.sprintMode as SprintMode;
  const touchOnly = useTouchOnly();
  const [state, setState] = useState(initialKeyBindingState);
  const list = useRef<HTMLDivElement>(null);

  const send = (event: KeyBindingEvent) => {
    const step = keyBindingStep(state, event, bindings, sprintMode);
    setState(step.state);
    if (step.save) api.change('keyBindingsV2', step.save);
    // An answered question gives the focus back to the action's key.
    if ((event.type === 'SWAP' || event.type === 'CANCEL') && state.conflict) {
      const action = state.conflict.action;
      requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-action="${action}"] button`)?.focus());
    }
  };

  // Leaving doubleTap can leave sprint's key shared with another action (doubleTap allows it):
  // re-check, and unbind sprint with a word rather than keep two actions on one key silently.
  const changeSprintMode = (mode: SprintMode) => {
    setState(initialKeyBindingState);
    const sprintKey = bindings.sprint ?? KEY_UNBOUND;
    const other = findConflict(bindings, 'sprint', sprintKey, mode);
    api.change('sprintMode', mode);
    if (!other) return;
    api.change('keyBindingsV2', { ...bindings, sprint: KEY_UNBOUND });
    showToast({ title: t('keys.conflictTitle', { key: keyName(sprintKey), action: keyActionLabel(other) }), message: t('settings.sprintUnbound'), tone: 'error' });
  };


  return (
    <Tabs defaultValue="bindings" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="bindings">{t('settings.KeyboardSection.keyBindings')}</Tabs.Tab>
        <Tabs.Tab value="advanced" disabled>{t('settings.KeyboardSection.advanced')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="bindings" pt="md">
        <Stack gap="sm" ref={list}>
          {touchOnly && (
            <Alert color="blue" variant="light" className={classes.touchNote} data-testid="keyboard-touch-note">
              {t('settings.keyboard.touchOnlyNote')}
            </Alert>
          )}
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
          {BINDABLE_KEY_ACTIONS.flatMap((action) => [
            <Group key={action} justify="space-between" className={classes.row} data-action={action}>
              <Text size="sm">{keyActionLabel(action)}</Text>
              <KeyBindButton
                label={keyActionLabel(action)}
                code={bindings[action] ?? KEY_UNBOUND}
                fixedText={action === 'sprint' && sprintMode === 'doubleTap' ? t('keys.doubleTapLabel') : undefined}
                onCapture={(code) => send({ type: 'ASSIGN', action, code })}
              />
            </Group>,
            state.conflict?.action === action ? <ConflictPrompt key={`${action}-conflict`} conflict={state.conflict} onAnswer={send} /> : null,
          ])}
          <Group justify="flex-end">
            <Button variant="light" color="red" data-testid="keyboard-reset"
              onClick={() => { setState(keyBindingStep(state, { type: 'RESET' }, bindings, sprintMode).state); api.applyMany(sectionDefaults('keyboard'), ACTION_TEXT.resetSectionDone(sectionLabel('keyboard')), 'reset'); }}>
              {t('settings.KeyboardSection.reset')}
            </Button>
          </Group>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
