// Whether the demo game calls the shell's completion hook (window.unityLoadingComplete) once its
// first frame is on screen. `?demoGameHook=never` makes it behave like a Unity build without our
// bridge (every build until its studio adds it), so the shell's completion policies can be tried
// and tested against it: 'hook' completes after its time-out, 'instance' when the game exists.
// `?demoGameHook=absent` is a build without any jslib of ours: it neither calls the hook nor
// announces our receiver (window.tripShellReceiverReady), so 'hook' completes at its first frame.
export const DEMO_GAME_HOOK_PARAM = 'demoGameHook';

const hookParam = (search: string) => new URLSearchParams(search).get(DEMO_GAME_HOOK_PARAM);

export function callsCompletionHook(search: string): boolean {
  const value = hookParam(search);
  return value !== 'never' && value !== 'absent';
}

/** Whether the demo game announces our receiver (every build with our jslib does, from WebBridge's Awake). */
export function announcesReceiver(search: string): boolean {
  return hookParam(search) !== 'absent';
}
