// One binding's button (§2.6, §4.2): idle shows the key; a click starts capture ('Press a key or
// mouse button...'); the next key or mouse button is offered to `onCapture`; blur cancels.
// While capturing, keys never reach the overlay's Escape handler or the game.
import { Button } from '@mantine/core';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { codeFromKeyboardEvent, codeFromMouseButton, keyLabel } from '../../../contract/keys';

export const CAPTURE_PROMPT = 'Press a key or mouse button...';

interface Props {
  label: string;
  code: number;
  /** Shown instead of the key, and not clickable (doubleTap sprint). */
  fixedText?: string;
  onCapture: (code: number) => void;
}

export function KeyBindButton({ label, code, fixedText, onCapture }: Props) {
  const [capturing, setCapturing] = useState(false);

  const finish = (captured: number | null) => {
    setCapturing(false);
    if (captured !== null) onCapture(captured);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!capturing) return;
    event.preventDefault();
    event.stopPropagation();
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
    return <Button variant="default" disabled aria-label={`${label}: ${fixedText}`} miw={160}>{fixedText}</Button>;
  }

  return (
    <Button
      variant={capturing ? 'filled' : 'default'}
      miw={160}
      aria-label={`${label}: ${capturing ? CAPTURE_PROMPT : keyLabel(code)}`}
      data-capturing={capturing || undefined}
      onClick={() => { if (!capturing) setCapturing(true); }}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onContextMenu={(event) => { if (capturing) event.preventDefault(); }}
      onBlur={() => setCapturing(false)}
    >
      {capturing ? CAPTURE_PROMPT : keyLabel(code)}
    </Button>
  );
}
