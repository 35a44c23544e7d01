// Runs before every unit test file. The files share one jsdom window per Vitest worker
// (`isolate: false` in vitest.config.ts: building a window and re-importing React and Mantine for
// each of 130 files took three quarters of the project's time), so each file starts from what a
// fresh window would give it. The project's own modules are imported afresh for each file
// (`vi.resetModules`: the shell keeps state at module level, such as the game link, the boot and
// the bot check), the libraries stay loaded, and what an earlier file left in the page, the
// storage, the address, the toasts or the timers is put back here. What a file starts that
// outlives it (the page's start-up mounts React seconds after it ran) is not: such a file holds
// it (tests/unit/loading-flat-first-frame.test.ts holds the shell's steps).
import '@testing-library/jest-dom/vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Without vitest globals Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => { cleanup(); });
// findBy* and waitFor wait for what a component shows after a render: Mantine in jsdom takes
// about a second on an idle 2-core machine and several beside the end-to-end lane, so Testing
// Library's 1 s default failed tests that only waited (a refused Discord sign-in's text). What
// must not appear is checked another way (queryBy after the moment it would have shown).
configure({ asyncUtilTimeout: 5_000 });

/** The address jsdom gives a new window, read by the first file of each worker. */
const FRESH_URL_KEY = '__freshUrl';

if (typeof window !== 'undefined') {
  const globals = globalThis as typeof globalThis & { [FRESH_URL_KEY]?: string };
  globals[FRESH_URL_KEY] ??= window.location.href;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', globals[FRESH_URL_KEY]);
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
  for (const shown of notificationsStore.getState().notifications) if (shown.id) notifications.hide(shown.id);
  notifications.clean(notificationsStore);
  vi.resetModules();
  // The shell's texts: English (jsdom's navigator says en-US), loaded like the page does at boot,
  // by the fresh module the test file will import.
  const { startLanguage, whenCatalogComplete } = await import('../../src/settings-store/language');
  await startLanguage(window);
  await whenCatalogComplete();

  // jsdom lacks a few browser APIs that Mantine components use.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
}
