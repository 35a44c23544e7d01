// Whether the sign-in at start has settled: the session check answered and the
// host's own sign-in (the portal's signed-in player, the Activity's AUTHORIZE) is done or not
// due. The accounts feature settles it; start-up lets the game's download wait for it a bounded
// time (src/app/boot.ts), so a Unity-sized download never starves the sign-in. Zod-free.
let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => { settle = resolve; });

export function signInAtStartSettled(): Promise<void> {
  return settled;
}

/** Called once the sign-in at start is done or not due (again: nothing more). */
export function settleSignInAtStart(): void {
  settle();
}
