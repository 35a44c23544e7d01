// Tab never leaves a full-screen overlay for the canvas (where W would walk the
// player behind it), focus that lands outside is taken back, and closing gives the focus back to
// what had it before.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OverlayHost } from '../../src/overlays/OverlayHost';
import { OverlaysProvider } from '../../src/overlays/context';
import { createOverlayStore } from '../../src/overlays/store';
import { OverlayFrame } from '../../src/ui/OverlayFrame';
import type { OverlayProps } from '../../src/overlays/types';

function Probe({ onClose }: OverlayProps<'releaseNotes'>) {
  return (
    <OverlayFrame label="Probe" onClose={onClose}>
      <button type="button">first inside</button>
      <button type="button">last inside</button>
    </OverlayFrame>
  );
}

afterEach(() => { document.body.innerHTML = ''; });

function setUp() {
  const store = createOverlayStore({});
  const resolve = (key: string) => (key === 'releaseNotes' ? Probe : undefined);
  render(
    <MantineProvider>
      <canvas tabIndex={0} data-testid="game" />
      <OverlaysProvider overlays={store}><OverlayHost overlays={store} resolve={resolve as never} /></OverlaysProvider>
      <button type="button">after the shell</button>
    </MantineProvider>,
  );
  return store;
}

describe('the focus trap of full-screen overlays', () => {
  it('cycles Tab and Shift+Tab inside the overlay and never reaches the canvas', async () => {
    const user = userEvent.setup();
    const store = setUp();
    const game = screen.getByTestId('game');
    game.focus();
    act(() => store.open('releaseNotes', {}));
    const frame = await screen.findByRole('dialog', { name: 'Probe' });
    expect(frame.parentElement?.contains(document.activeElement)).toBe(true);
    const seen: Array<Element | null> = [];
    for (let i = 0; i < 12; i += 1) { await user.tab(); seen.push(document.activeElement); }
    for (let i = 0; i < 12; i += 1) { await user.tab({ shift: true }); seen.push(document.activeElement); }
    expect(seen.every((el) => frame.contains(el))).toBe(true);
    expect(seen).toContain(screen.getByRole('button', { name: 'last inside' }));
    expect(seen).not.toContain(game);
  });

  it('takes back focus that lands on the canvas, and gives it back to the canvas on close', async () => {
    const store = setUp();
    const game = screen.getByTestId('game');
    game.focus();
    act(() => store.open('releaseNotes', {}));
    const frame = await screen.findByRole('dialog', { name: 'Probe' });
    act(() => game.focus());
    expect(frame.parentElement?.contains(document.activeElement)).toBe(true);
    act(() => store.close());
    expect(document.activeElement).toBe(game);
  });
});
