// Whether the page may use localStorage at all. Chromium with third-party cookies blocked refuses
// it to a third-party frame (the portal's, Discord's), as do many webviews; merely touching
// `window.localStorage` then throws a SecurityError. Zod-free: the first chunk uses it.
export function probeLocalStorage(win: Window, probeKey = '__tripshell_probe'): Storage | null {
  try {
    const storage = win.localStorage;
    storage.setItem(probeKey, '1');
    storage.removeItem(probeKey);
    return storage;
  } catch {
    return null;
  }
}
