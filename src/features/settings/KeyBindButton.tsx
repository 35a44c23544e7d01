// One binding's button: idle shows the key; a click starts capture ('Press a key or
// mouse button...'); the next key or mouse button is offered to `onCapture`; blur cancels.
// While capturing, keys never reach the overlay's Escape handler or the game. Escape is never
// bound: it cancels the capture. Backspace or Delete unbinds (0, "Unbound"), as does the small
// button beside a bound key, so "unbind the existing one first" can be done. During a capture a
// Cancel button is offered too: on a phone a tap on the capture button can only mean Left Mouse.
import { ActionIcon, Button, Group } from '@mantine/core';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useEscapeLayer } from '../../overlays/context';
import { KEY_UNBOUND, codeFromKeyboardEvent, codeFromMouseButton } from '../../../contract/keys';
import { keyName } from '../../i18n/settingsTexts';
import { t } from '../../i18n';

export const CAPTURE_PROMPT = 'Press a key or mouse button...';
/** Keys that unbind during a capture instead of being bound. */
const UNBIND_KEYS = new Set(['Backspace', 'Delete']);

interface Props {
  label: string;
  code: number;
  /** Shown instead of the key, and not clickable (doubleTap sprint). */
  fixedText?: string;
  onCapture: (code: number) => void;
}

export function KeyBindButton({ label, code, fixedText, onCapture }: Props) {
  const [capturing, setCapturing] = useState(false);
  // While capturing, Escape is this control's key like any other (the decider leaves it here).
  useEscapeLayer('capture', capturing);

  const finish = (captured: number | null) => {
    setCapturing(false);
    if (captured !== null) onCapture(captured);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!capturing) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape' || event.code === 'Escape') { finish(null); return; }
    if (UNBIND_KEYS.has(event.key) || UNBIND_KEYS.has(event.code)) { finish(KEY_UNBOUND); return; }
    finish(codeFromKeyboardEvent(event));
  };

  // mousedown, not click: the first press (the one that started capture) is a click, and right
  // or middle buttons never produce one.
  const onMouseDown = (event: MouseEvent<HTMLButtonElement>) => {
    if (!capturing) return;
    event.preventDefault();
    finish(codeFromMouseButton(event.button));
  };

  if (fixedText) {
    return <Button variant="default" disabled aria-label={t('settings.KeyBindButton.labelValue', { label, value: fixedText })} miw={160}>{fixedText}</Button>;
  }

  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant={capturing ? 'filled' : 'default'}
        miw={160}
        aria-label={t('settings.KeyBindButton.labelValue', { label, value: capturing ? t('settings.capturePrompt') : keyName(code) })}
        data-capturing={capturing || undefined}
        onClick={() => { if (!capturing) setCapturing(true); }}
        onKeyDown={onKeyDown}
        onMouseDown={onMouseDown}
        onContextMenu={(event) => { if (capturing) event.preventDefault(); }}
        onBlur={() => setCapturing(false)}
      >
        {capturing ? t('settings.capturePrompt') : keyName(code)}
      </Button>
      {capturing ? (
        // Pressing it blurs the capture button, which cancels; the click itself has nothing left to do.
        <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setCapturing(false)}>{t('settings.KeyBindButton.cancel')}</Button>
      ) : (
        <ActionIcon variant="subtle" color="gray" size="md" aria-label={t('settings.KeyBindButton.unbindLabel', { label })} title={t('settings.KeyBindButton.unbind')}
          disabled={code === KEY_UNBOUND} onClick={() => onCapture(KEY_UNBOUND)}>×</ActionIcon>
      )}
    </Group>
  );
}
