// The key binding rule of §5 and the capture mode of §2.6/§4.2 (click, key or mouse, blur).
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY } from '../../contract/keys';
import { CAPTURE_PROMPT, KeyBindButton } from '../../src/features/settings/KeyBindButton';
import { CONFLICT_DESCRIPTION, conflictTitle, findConflict } from '../../src/features/settings/keyConflict';

describe('key conflicts', () => {
  const bindings = { ...DEFAULT_KEY_BINDINGS };
  it('rejects a key bound to another action, with the exact texts', () => {
    expect(findConflict(bindings, 'jump', KEY.W, 'hold')).toBe('moveForward');
    expect(conflictTitle(KEY.W, 'moveForward')).toBe('W is already bound to Move Forward');
    expect(CONFLICT_DESCRIPTION).toBe('Choose a different key or unbind the existing one first');
  });
  it('allows the same action, unbound (0) and free keys', () => {
    expect(findConflict(bindings, 'moveForward', KEY.W, 'hold')).toBeNull();
    expect(findConflict({ ...bindings, jump: 0 }, 'moveForward', 0, 'hold')).toBeNull();
    expect(findConflict(bindings, 'jump', KEY.UpArrow, 'hold')).toBeNull();
  });
  it('lets sprint share in doubleTap mode only', () => {
    expect(findConflict(bindings, 'jump', KEY.LeftShift, 'doubleTap')).toBeNull();
    expect(findConflict(bindings, 'sprint', KEY.W, 'doubleTap')).toBeNull();
    expect(findConflict(bindings, 'jump', KEY.LeftShift, 'toggle')).toBe('sprint');
  });
});

function renderButton(code: number = KEY.W) {
  const onCapture = vi.fn();
  render(<MantineProvider><KeyBindButton label="Move Forward" code={code} onCapture={onCapture} /></MantineProvider>);
  return { onCapture, button: screen.getByRole('button', { name: /Move Forward/ }) };
}

describe('capture mode', () => {
  it('shows the key, prompts on click, and assigns the next key', () => {
    const { onCapture, button } = renderButton();
    expect(button).toHaveTextContent('W');
    fireEvent.click(button);
    expect(button).toHaveTextContent(CAPTURE_PROMPT);
    fireEvent.keyDown(button, { code: 'ArrowUp', key: 'ArrowUp' });
    expect(onCapture).toHaveBeenCalledWith(KEY.UpArrow);
    expect(button).not.toHaveTextContent(CAPTURE_PROMPT);
  });
  it('assigns a mouse button', () => {
    const { onCapture, button } = renderButton();
    fireEvent.click(button);
    fireEvent.mouseDown(button, { button: 2 });
    expect(onCapture).toHaveBeenCalledWith(324);
  });
  it('cancels on blur and ignores keys while idle', () => {
    const { onCapture, button } = renderButton();
    fireEvent.keyDown(button, { code: 'KeyQ', key: 'q' });
    fireEvent.click(button);
    fireEvent.blur(button);
    expect(button).toHaveTextContent('W');
    fireEvent.keyDown(button, { code: 'KeyQ', key: 'q' });
    expect(onCapture).not.toHaveBeenCalled();
  });
  it('shows Unbound for 0', () => {
    const { button } = renderButton(0);
    expect(button).toHaveTextContent('Unbound');
  });
});
