// The console warnings for actions attempted without a game instance. The
// texts are react-unity-webgl's, which the original product used, so logs read the same.
export const GAME_WARNINGS = {
  fullscreen: 'Unable to Set Fullscreen while Unity is not Instantiated.',
  pointerLock: 'Unable to Request Pointer Lock while Unity is not Instantiated or the Canvas is not found.',
  sendMessage: 'Unable to Send Message while Unity is not Instantiated.',
  quit: 'Unable to Quit Unity while Unity is not Instantiated.',
  screenshot: 'Unable to Take Screenshot while Unity is not Instantiated or Canvas is not available.',
  noEventListener: 'Unable to find Event Listener in Event System for Event',
} as const;
