// The key binding rule (one key, one action) and the capture mode (click, key or mouse, blur).
import { notificationsStore } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY } from '../../contract/keys';
import { DEFAULT_SETTINGS, type SettingsValues } from '../../contract/settings';
import { KeyboardSection, SPRINT_UNBOUND_TEXT } from '../../src/features/settings/KeyboardSection';
import type { SettingsApi } from '../../src/features/settings/useSettings';
import { CAPTURE_PROMPT, KeyBindButton } from '../../src/features/settings/KeyBindButton';
import { CONFLICT_DESCRIPTION, conflictTitle, findConflict } from '../../src/features/settings/keyConflict';
import { ANY_FINE_POINTER, COARSE_POINTER, isTouchOnly } from '../../src/features/settings/touchOnly';
import { renderWithShell } from '../support/render';

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
  renderWithShell(<KeyBindButton label="Move Forward" code={code} onCapture={onCapture} />);
  return { onCapture, button: screen.getByRole('button', { name: /^Move Forward:/ }) };
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

describe('capture: Escape cancels, Backspace/Delete and the small button unbind, Cancel for touch', () => {
  it('Escape cancels the capture instead of binding Escape, and never reaches the overlay', () => {
    const { onCapture, button } = renderButton();
    const overlayEscape = vi.fn();
    document.addEventListener('keydown', overlayEscape);
    fireEvent.click(button);
    fireEvent.keyDown(button, { code: 'Escape', key: 'Escape' });
    document.removeEventListener('keydown', overlayEscape);
    expect(onCapture).not.toHaveBeenCalled();
    expect(overlayEscape).not.toHaveBeenCalled();
    expect(button).toHaveTextContent('W');
  });
  it('Backspace and Delete unbind (0) during a capture', () => {
    for (const key of ['Backspace', 'Delete']) {
      const { onCapture, button } = renderButton();
      fireEvent.click(button);
      fireEvent.keyDown(button, { code: key, key });
      expect(onCapture).toHaveBeenCalledWith(0);
      cleanup();
    }
  });
  it('offers an Unbind button beside a bound key (disabled when already unbound)', () => {
    const { onCapture } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Unbind Move Forward' }));
    expect(onCapture).toHaveBeenCalledWith(0);
    cleanup();
    renderButton(0);
    expect(screen.getByRole('button', { name: 'Unbind Move Forward' })).toBeDisabled();
  });
  it('offers Cancel while capturing, which ends the capture without binding', () => {
    const { onCapture, button } = renderButton();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(button).toHaveTextContent('W');
    expect(onCapture).not.toHaveBeenCalled();
  });
});

describe('sprint mode change re-checks conflicts', () => {
  it('leaving doubleTap with sprint sharing a key unbinds sprint and says so', async () => {
    const changes: Array<[string, unknown]> = [];
    let values = { ...DEFAULT_SETTINGS, sprintMode: 'doubleTap', keyBindingsV2: { ...DEFAULT_KEY_BINDINGS, jump: KEY.LeftShift } } as SettingsValues;
    const api = {
      get values() { return values; },
      change: (name: string, value: unknown) => { changes.push([name, value]); values = { ...values, [name]: value } as SettingsValues; },
    } as unknown as SettingsApi;
    renderWithShell(<KeyboardSection api={api} />, { withToasts: true });
    fireEvent.click(screen.getByText('Hold to Sprint'));
    expect(changes[0]).toEqual(['sprintMode', 'hold']);
    expect(changes[1]?.[0]).toBe('keyBindingsV2');
    expect((changes[1]?.[1] as Record<string, number>).sprint).toBe(0);
    expect((changes[1]?.[1] as Record<string, number>).jump).toBe(KEY.LeftShift);
    const toasts = notificationsStore.getState().notifications;
    expect(toasts.some((t) => t.title === 'Left Shift is already bound to Jump' && t.message === SPRINT_UNBOUND_TEXT)).toBe(true);
  });
  it('a switch without a conflict changes only the mode', () => {
    const changes: Array<[string, unknown]> = [];
    const api = { values: { ...DEFAULT_SETTINGS }, change: (name: string, value: unknown) => { changes.push([name, value]); } } as unknown as SettingsApi;
    renderWithShell(<KeyboardSection api={api} />);
    fireEvent.click(screen.getByText('Toggle Sprint'));
    expect(changes).toEqual([['sprintMode', 'toggle']]);
  });
});

/** A Keyboard section over bindings that change as the overlay's would. */
function renderKeyboard() {
  let values = { ...DEFAULT_SETTINGS } as SettingsValues;
  function Harness() {
    const [current, setCurrent] = useState(values);
    const api = {
      values: current,
      change: (name: string, value: unknown) => { values = { ...values, [name]: value } as SettingsValues; setCurrent(values); },
    } as unknown as SettingsApi;
    return <KeyboardSection api={api} />;
  }
  const view = renderWithShell(<Harness />, { withToasts: true });
  const keyButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}:`) });
  const press = (name: string, code: string, key: string) => { fireEvent.click(keyButton(name)); fireEvent.keyDown(keyButton(name), { code, key }); };
  return { view, keyButton, press, bindings: () => values.keyBindingsV2 };
}

describe('a key bound elsewhere: Swap or Cancel in place', () => {
  it('asks under the row with the spec texts and no toast; Swap exchanges the two keys', () => {
    const { keyButton, press, bindings } = renderKeyboard();
    press('Jump', 'KeyA', 'a');
    const prompt = screen.getByRole('alertdialog', { name: 'A is already bound to Move Left' });
    expect(prompt).toHaveTextContent('Choose a different key or unbind the existing one first');
    expect(prompt).toHaveTextContent('Swap: Jump gets A, Move Left gets Space.');
    // In place, right after Jump's row, and not a toast (which sat over the footer's buttons).
    expect(prompt.previousElementSibling).toHaveAttribute('data-action', 'jump');
    expect(notificationsStore.getState().notifications.filter((n) => n.title === 'A is already bound to Move Left')).toHaveLength(0);
    expect(within(prompt).getByRole('button', { name: 'Swap' })).toHaveFocus();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Swap' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bindings()).toMatchObject({ jump: KEY.A, moveLeft: KEY.Space });
    expect(keyButton('Jump')).toHaveTextContent('A');
    expect(keyButton('Move Left')).toHaveTextContent('Space');
  });

  it('Cancel, or Escape (which leaves the overlay open), changes nothing', () => {
    const { view, press, bindings } = renderKeyboard();
    act(() => view.overlays.open('settings', {}));
    press('Jump', 'KeyA', 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    press('Jump', 'KeyW', 'w');
    const prompt = screen.getByRole('alertdialog', { name: 'W is already bound to Move Forward' });
    fireEvent.keyDown(within(prompt).getByRole('button', { name: 'Swap' }), { key: 'Escape', code: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(view.overlays.getState().overlay?.key).toBe('settings');
    expect(bindings()).toEqual(DEFAULT_SETTINGS.keyBindingsV2);
  });
});

describe('the Keyboard section on a touch-only device', () => {
  const withPointers = (coarse: boolean, anyFine: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query === COARSE_POINTER ? coarse : query === ANY_FINE_POINTER ? anyFine : false,
    media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }) as MediaQueryList);

  it('touch only means a coarse primary pointer and no fine pointer at all', () => {
    const answers = (coarse: boolean, anyFine: boolean) => isTouchOnly((q) => (q === COARSE_POINTER ? coarse : q === ANY_FINE_POINTER ? anyFine : false));
    expect(answers(true, false)).toBe(true); // a phone
    expect(answers(true, true)).toBe(false); // a tablet with a trackpad
    expect(answers(false, true)).toBe(false); // a desktop, a touch laptop
  });

  it('says the bindings are for a keyboard and mouse there, and keeps them (a keyboard may be attached)', () => {
    const spy = withPointers(true, false);
    renderKeyboard();
    expect(screen.getByTestId('keyboard-touch-note')).toHaveTextContent('These bindings are for a keyboard and mouse. They do not change the touch controls on this device.');
    expect(screen.getByRole('button', { name: /^Jump:/ })).toBeInTheDocument();
    cleanup();
    spy.mockRestore();
    withPointers(true, true);
    renderKeyboard();
    expect(screen.queryByTestId('keyboard-touch-note')).toBeNull();
    vi.restoreAllMocks();
  });
});
