// Browser input -> key codes and mouse movement for the game. Keys count only while the game
// has the focus (the canvas, the page body or the game's own HUD): typing in a shell form or
// pressing Escape inside a shell overlay must never move the player or reopen the settings.
import { codeFromKeyboardEvent, codeFromMouseButton } from '../../contract/keys';
import { MENU_KEY_CODE } from './hud/help';

/**
 * `at` is the event's timeStamp (performance.now() time of the physical press): the game
 * simulates up to that moment, so a slow frame that delays the event does not lengthen a hold.
 */
export interface InputHandlers {
  codeDown(code: number, at: number): void;
  codeUp(code: number, at: number): void;
  look(dx: number, dy: number): void;
  escape(): void;
  toggleMenu(): void;
  /** Whether a code is bound to a game action (then M is that action, not the menu key). */
  isBound(code: number): boolean;
  /** A primary click on the canvas while the mouse is free: time to play. */
  clickToPlay(): void;
  releaseAll(at: number): void;
  pointerLockChanged(locked: boolean): void;
}

function isEditable(node: Element | null): boolean {
  if (!node) return false;
  if (node instanceof HTMLElement && node.isContentEditable) return true;
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;
}

export function attachInput(canvas: HTMLCanvasElement, hudRoot: Element, handlers: InputHandlers): () => void {
  const gameHasFocus = (event: KeyboardEvent): boolean => {
    const active = document.activeElement;
    if (isEditable(active)) return false;
    if (!active || active === document.body || active === document.documentElement || active === canvas) return true;
    // On one of our HUD buttons, Space and Enter press the button, not a game action.
    return hudRoot.contains(active) && event.code !== 'Space' && event.code !== 'Enter';
  };
  const locked = () => document.pointerLockElement === canvas;

  const onKeyDown = (event: KeyboardEvent) => {
    // Someone else (a shell widget, the overlay manager closing an overlay) already used it.
    if (event.defaultPrevented || !gameHasFocus(event)) return;
    if (event.key === 'Escape') {
      // Claimed, so the shell's Escape-closes-the-overlay listener does not close what we open.
      event.preventDefault();
      return handlers.escape();
    }
    // Tab keeps its browser meaning (move focus) unless the pointer is locked to the game:
    // taking it outside pointer lock would trap keyboard users on the canvas (WCAG 2.1.2) with
    // the HUD's controls out of reach. Under pointer lock a binding on Tab works as usual.
    if (event.key === 'Tab' && !locked()) return;
    const code = codeFromKeyboardEvent(event);
    if (event.code === MENU_KEY_CODE && !event.repeat && (code === null || !handlers.isBound(code))) return handlers.toggleMenu();
    if (code === null) return;
    // Space would scroll the page and arrows move it: the game uses them instead.
    if (!event.ctrlKey && !event.metaKey) event.preventDefault();
    if (!event.repeat) handlers.codeDown(code, event.timeStamp);
  };
  // Key ups are taken wherever the focus went, so a key held while focus moved is not stuck.
  const onKeyUp = (event: KeyboardEvent) => {
    const code = codeFromKeyboardEvent(event);
    if (code !== null) handlers.codeUp(code, event.timeStamp);
  };
  const onMouseDown = (event: MouseEvent) => {
    if (!locked()) {
      if (event.button === 0) handlers.clickToPlay();
      return;
    }
    const code = codeFromMouseButton(event.button);
    if (code !== null) handlers.codeDown(code, event.timeStamp);
  };
  const onMouseUp = (event: MouseEvent) => {
    const code = codeFromMouseButton(event.button);
    if (code !== null) handlers.codeUp(code, event.timeStamp);
  };
  const onMouseMove = (event: MouseEvent) => {
    if (locked()) handlers.look(event.movementX, event.movementY);
  };
  const onContextMenu = (event: Event) => event.preventDefault();
  const onPointerLockChange = () => handlers.pointerLockChanged(locked());
  const onBlur = (event: FocusEvent) => handlers.releaseAll(event.timeStamp);

  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  canvas.addEventListener('mousedown', onMouseDown);
  window.addEventListener('mouseup', onMouseUp);
  document.addEventListener('mousemove', onMouseMove);
  canvas.addEventListener('contextmenu', onContextMenu);
  document.addEventListener('pointerlockchange', onPointerLockChange);
  window.addEventListener('blur', onBlur);
  return () => {
    window.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('keyup', onKeyUp);
    canvas.removeEventListener('mousedown', onMouseDown);
    window.removeEventListener('mouseup', onMouseUp);
    document.removeEventListener('mousemove', onMouseMove);
    canvas.removeEventListener('contextmenu', onContextMenu);
    document.removeEventListener('pointerlockchange', onPointerLockChange);
    window.removeEventListener('blur', onBlur);
  };
}

/** Asks for pointer lock; some browsers answer with a promise that rejects (no user gesture). */
export function requestPointerLock(canvas: HTMLCanvasElement): void {
  if (getComputedStyle(canvas).pointerEvents === 'none') return; // the shell has an overlay open
  try {
    const result: unknown = canvas.requestPointerLock();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // Not allowed here (e.g. inside a sandboxed frame): the game still plays, without mouse look.
  }
}
