// jsdom lacks a few browser APIs that Mantine components use.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startI18n, whenCatalogComplete } from '../../src/i18n';

// Without vitest globals Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => { cleanup(); });

// The shell's texts: English (jsdom's navigator says en-US), loaded like the page does at boot.
if (typeof window !== 'undefined') { await startI18n(window); await whenCatalogComplete(); }

if (typeof window !== 'undefined') {
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
