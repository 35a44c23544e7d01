// Features have no handle on the overlay store; the bridge turns the game's switchAuthMode
// message into the auth modal, so a feature that needs a logged-in player asks the same way.
export function askToLogIn(win: Window = window): void {
  win.postMessage({ type: 'switchAuthMode', mode: 'login' }, win.location.origin);
}
