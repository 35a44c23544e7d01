// The demo game's DOM input in jsdom: keys count only while the game has the focus, Escape is
// claimed so the shell's overlay manager does not undo it, and M is the menu unless bound.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY } from '../../../contract/keys';
import { attachInput, type InputHandlers } from '../../../demo-game/src/input-dom';

function setup(bound: number[] = []) {
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  const hud = document.createElement('div');
  const hudButton = document.createElement('button');
  hud.appendChild(hudButton);
  const input = document.createElement('input');
  document.body.append(canvas, hud, input);
  const handlers: InputHandlers = {
    codeDown: vi.fn(), codeUp: vi.fn(), look: vi.fn(), escape: vi.fn(), toggleMenu: vi.fn(),
    isBound: (code) => bound.includes(code), clickToPlay: vi.fn(), releaseAll: vi.fn(), pointerLockChanged: vi.fn(),
  };
  const detach = attachInput(canvas, hud, handlers);
  return { canvas, hudButton, input, handlers, detach };
}

const key = (type: 'keydown' | 'keyup', code: string, k: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent(type, { code, key: k, bubbles: true, cancelable: true, ...init });
  window.dispatchEvent(event);
  return event;
};

afterEach(() => document.body.replaceChildren());

describe('attachInput', () => {
  it('turns keys into codes while the canvas has the focus, ignoring auto-repeat', () => {
    const { canvas, handlers } = setup();
    canvas.focus();
    const down = key('keydown', 'KeyW', 'w');
    key('keydown', 'KeyW', 'w', { repeat: true });
    key('keyup', 'KeyW', 'w');
    expect(handlers.codeDown).toHaveBeenCalledTimes(1);
    expect(handlers.codeDown).toHaveBeenCalledWith(KEY.W, expect.any(Number));
    expect(handlers.codeUp).toHaveBeenCalledWith(KEY.W, expect.any(Number));
    expect(down.defaultPrevented).toBe(true); // Space and arrows must not scroll the page
  });

  it('ignores keys typed into a form field, but still takes the key up', () => {
    const { input, handlers } = setup();
    input.focus();
    key('keydown', 'KeyW', 'w');
    key('keydown', 'Escape', 'Escape');
    expect(handlers.codeDown).not.toHaveBeenCalled();
    expect(handlers.escape).not.toHaveBeenCalled();
    key('keyup', 'KeyW', 'w');
    expect(handlers.codeUp).toHaveBeenCalledWith(KEY.W, expect.any(Number));
  });

  it('on its own HUD buttons, leaves Space and Enter to the button', () => {
    const { hudButton, handlers } = setup();
    hudButton.focus();
    key('keydown', 'Space', ' ');
    key('keydown', 'KeyD', 'd');
    expect(handlers.codeDown).toHaveBeenCalledTimes(1);
    expect(handlers.codeDown).toHaveBeenCalledWith(KEY.D, expect.any(Number));
  });

  it('claims Escape for the settings, unless something already used it', () => {
    const { canvas, handlers } = setup();
    canvas.focus();
    expect(key('keydown', 'Escape', 'Escape').defaultPrevented).toBe(true);
    expect(handlers.escape).toHaveBeenCalledTimes(1);
    const used = new KeyboardEvent('keydown', { code: 'Escape', key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    window.dispatchEvent(used);
    expect(handlers.escape).toHaveBeenCalledTimes(1);
  });

  it('M opens the menu, unless M is bound to an action', () => {
    const free = setup();
    free.canvas.focus();
    key('keydown', 'KeyM', 'm');
    expect(free.handlers.toggleMenu).toHaveBeenCalledTimes(1);
    expect(free.handlers.codeDown).not.toHaveBeenCalled();
    free.detach();
    document.body.replaceChildren();
    const bound = setup([KEY.M]);
    bound.canvas.focus();
    key('keydown', 'KeyM', 'm');
    expect(bound.handlers.toggleMenu).not.toHaveBeenCalled();
    expect(bound.handlers.codeDown).toHaveBeenCalledWith(KEY.M, expect.any(Number));
  });

  it('a click on the free canvas means play; buttons count as codes only with the pointer locked', () => {
    const { canvas, handlers } = setup();
    canvas.dispatchEvent(new MouseEvent('mousedown', { button: 0, bubbles: true }));
    canvas.dispatchEvent(new MouseEvent('mousedown', { button: 2, bubbles: true }));
    expect(handlers.clickToPlay).toHaveBeenCalledTimes(1);
    expect(handlers.codeDown).not.toHaveBeenCalled();
    window.dispatchEvent(new MouseEvent('mouseup', { button: 2 }));
    expect(handlers.codeUp).toHaveBeenCalledWith(KEY.Mouse1, expect.any(Number));
  });

  it('releases everything when the window loses focus, and detaches cleanly', () => {
    const { canvas, handlers, detach } = setup();
    window.dispatchEvent(new FocusEvent('blur'));
    expect(handlers.releaseAll).toHaveBeenCalledTimes(1);
    detach();
    canvas.focus();
    key('keydown', 'KeyW', 'w');
    expect(handlers.codeDown).not.toHaveBeenCalled();
  });
});
