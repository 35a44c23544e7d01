// The loading screen has one implementation: index.html's first frame (firstFrame.ts, written in
// by vite.config.ts so the page paints before the shell's JavaScript runs), kept alive by
// domScreen.ts. React, when it comes, renders beside it and draws none of it: a second drawing
// would replace the nodes the page painted first, and players would see the screen jump.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadingMachine } from '../../machines/loading';
import { REACT_ROOT_ATTRIBUTE, mountShell } from '../../src/app/mountShell';
import type { ShellBoot } from '../../src/app/shellTypes';
import { driveLoadingScreen } from '../../src/features/loading/domScreen';
import { LOADING_STYLE_ID, firstFrameMarkup } from '../../src/features/loading/firstFrame';
import { FONT_SYSTEM } from '../../src/ui/type';
import { domSignature } from './domSignature';

afterEach(() => { document.body.replaceChildren(); document.getElementById(LOADING_STYLE_ID)?.remove(); });

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the loading screen, drawn once', () => {
  it('is written, where a page lacks the first frame, exactly as index.html carries it', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const bare = document.body.appendChild(document.createElement('div'));
    driveLoadingScreen(bare, actor, () => undefined, window).stop();
    const carried = document.createElement('div');
    carried.innerHTML = firstFrameMarkup();
    expect(domSignature(bare.firstElementChild!)).toEqual(domSignature(carried.firstElementChild!));
    actor.stop();
  });

  it('stays the first frame\'s own nodes when React mounts beside it', async () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const root = document.body.appendChild(document.createElement('div'));
    root.setAttribute('data-first-frame', '');
    root.innerHTML = firstFrameMarkup();
    const painted = root.firstElementChild;
    const dom = driveLoadingScreen(root, actor, () => undefined, window);
    dom.localize();
    // The second chunk is never wanted here (its paint never comes), so React reads nothing of the shell.
    const shell = { loading: actor } as unknown as ShellBoot;
    await act(async () => {
      mountShell(root, shell, { loadApp: () => new Promise(() => undefined), afterPaint: () => undefined });
      await Promise.resolve();
    });
    expect(document.querySelectorAll('.ls-root')).toHaveLength(1);
    expect(root.firstElementChild).toBe(painted);
    expect(root.querySelector(`[${REACT_ROOT_ATTRIBUTE}]`)?.childElementCount).toBe(0);
    dom.stop();
    actor.stop();
  });

  it('has no second implementation in the shell\'s code', () => {
    const drawing = sources('src').filter((path) => /ls-root|['"]loading-screen['"]/.test(readFileSync(path, 'utf8'))).sort();
    expect(drawing).toEqual(['src/features/loading/domScreen.ts', 'src/features/loading/firstFrame.ts']);
  });
});

describe('the loading screen\'s first frame', () => {
  const css = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
  const style = document.createElement('style');
  afterEach(() => { style.remove(); });

  it('paints its words in the system\'s faces, and the bundled faces come with the effects', () => {
    // A first layout that names a bundled face not yet downloaded pays for it before the first paint.
    const system = /--ts-font-system:([^;]+);/.exec(css('src/ui/fonts.css'))?.[1]?.replace(/\s+/g, ' ').trim();
    expect(system).toBe(FONT_SYSTEM);
    expect(FONT_SYSTEM).not.toMatch(/Inter|Exo/);
    style.textContent = css('src/features/loading/loadingScreen.css');
    document.head.append(style);
    const root = document.body.appendChild(document.createElement('div'));
    root.setAttribute('data-first-frame', '');
    root.innerHTML = firstFrameMarkup();
    const faces = () => ['.ls-root', '.ls-title', '.ls-message', '.ls-percent'].map((selector) => getComputedStyle(root.querySelector(selector)!).fontFamily);
    expect(faces()).toEqual(Array(4).fill('var(--ts-font-system)'));
    root.setAttribute('data-effects', '');
    expect(faces()).toEqual(['var(--ts-font-body)', 'var(--ts-font-display)', 'var(--ts-font-body)', 'var(--ts-font-display)']);
  });
});
