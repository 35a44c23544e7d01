// Whether the demo game calls the shell's completion hook (window.unityLoadingComplete) once its
// first frame is on screen. `?demoGameHook=never` makes it behave like a Unity build without our
// bridge (every build until its studio adds it), so the shell's completion policies can be tried
// and tested against it: 'hook' completes after its time-out, 'instance' when the game exists.
export const DEMO_GAME_HOOK_PARAM = 'demoGameHook';

export function callsCompletionHook(search: string): boolean {
  return new URLSearchParams(search).get(DEMO_GAME_HOOK_PARAM) !== 'never';
}
