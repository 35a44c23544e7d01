// Back for closable layers (src/overlays/back.ts): each open layer owns one
// history entry; Back closes the topmost; a layer closed otherwise takes its entry back.
import { describe, expect, it, vi } from 'vitest';
import { createBackStack } from '../../src/overlays/back';

/** A session history with synchronous traversal and popstate, like a browser's within one page. */
function fakeWindow() {
  const entries: unknown[] = [null];
  let index = 0;
  const listeners = new Set<(event: PopStateEvent) => void>();
  const traverse = (delta: number) => {
    index = Math.max(0, Math.min(entries.length - 1, index + delta));
    for (const listener of listeners) listener({ state: entries[index] } as PopStateEvent);
  };
  const win = {
    history: {
      get state() { return entries[index]; },
      get length() { return entries.length; },
      pushState(state: unknown) { entries.splice(index + 1, Infinity, state); index += 1; },
      back() { traverse(-1); },
      go(delta: number) { traverse(delta); },
    },
    addEventListener: (_type: string, listener: (event: PopStateEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: PopStateEvent) => void) => listeners.delete(listener),
  };
  return { win: win as unknown as Window, at: () => index, back: () => traverse(-1) };
}

describe('the back stack', () => {
  it('Back closes the topmost layer only, then the next', () => {
    const { win, at, back } = fakeWindow();
    const stack = createBackStack(win);
    stack.install();
    const outer = vi.fn();
    const inner = vi.fn();
    stack.push(outer);
    stack.push(inner);
    expect(at()).toBe(2);
    back();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    back();
    expect(outer).toHaveBeenCalledTimes(1);
    expect(at()).toBe(0);
  });

  it('a layer closed otherwise takes its entry back and is not called; a later Back leaves the page as before', () => {
    const { win, at, back } = fakeWindow();
    const stack = createBackStack(win);
    stack.install();
    const onBack = vi.fn();
    const remove = stack.push(onBack);
    remove();
    expect(at()).toBe(0);
    remove(); // twice is harmless
    expect(at()).toBe(0);
    expect(onBack).not.toHaveBeenCalled();
    back();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('a layer closed under an open one keeps its entry until the top one closes, then both entries go at once', () => {
    const { win, at, back } = fakeWindow();
    const stack = createBackStack(win);
    stack.install();
    const outer = vi.fn();
    const inner = vi.fn();
    const removeOuter = stack.push(outer);
    stack.push(inner);
    removeOuter();
    expect(at()).toBe(2);
    back();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    expect(at()).toBe(0);
  });
});
