// Features have no handle on the overlay store; the bridge already turns the game's
// switchAuthMode message into the 'auth' modal, so the Account section asks the same way.
export function openAuthModal(mode: 'login' | 'signup'): void {
  window.postMessage({ type: 'switchAuthMode', mode }, window.location.origin);
}
