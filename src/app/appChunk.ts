// The second chunk (App.tsx: Mantine, the query client, the accounts' start-up sign-in), imported
// once: the first screen renders it after its first paint (Shell.tsx), and start-up lets the
// game's download wait for it a bounded time (boot.ts), so the sign-in at start is not starved
// by a Unity-sized download.
let app: ReturnType<typeof importApp> | null = null;
const importApp = () => import('./App');

export function loadApp(): ReturnType<typeof importApp> {
  app ??= importApp();
  return app;
}
