// A game loader whose createUnityInstance resolves at once with an instance that draws nothing:
// for the specs that need the shell but not the game (the software-rendered demo game starves
// the page on a small box). It completes loading at once, or when the test calls
// window.__finishLoading() (tests/e2e/accounts-helpers.ts stubGame replaces the marker).
// Like a Unity build without our C# receiver it never calls tripShellReceiverReady, and its
// SendMessage answers as Unity's does for a missing GameObject (one console line per message);
// stubGame({ receiver: true }) makes it announce a receiver and record what it gets
// (window.__idleReceived), and { audio: true } makes it start a Web Audio context the way a
// Unity build does (window.__idleAudio).
var COMPLETE_AT_ONCE = true; // stubGame may set it to false
var HAS_RECEIVER = false; // stubGame may set it to true
var MAKES_AUDIO = false; // stubGame may set it to true
window.createUnityInstance = function createUnityInstance(canvas, _config, onProgress) {
  if (onProgress) onProgress(1);
  window.__idleReceived = [];
  if (MAKES_AUDIO) {
    var context = new AudioContext();
    var oscillator = context.createOscillator();
    var gain = context.createGain();
    gain.gain.value = 0.0001;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    window.__idleAudio = context;
  }
  window.__finishLoading = function () {
    if (typeof window.unityLoadingComplete === 'function') window.unityLoadingComplete();
  };
  if (COMPLETE_AT_ONCE) setTimeout(window.__finishLoading, 0);
  if (HAS_RECEIVER && typeof window.tripShellReceiverReady === 'function') window.tripShellReceiverReady();
  return Promise.resolve({
    SendMessage: function (gameObject, method, value) {
      if (!HAS_RECEIVER) { console.warn('SendMessage: object ' + gameObject + ' not found!'); return; }
      window.__idleReceived.push({ method: method, value: value });
    },
    SetFullscreen: function () {},
    Quit: function () { return Promise.resolve(); },
    Module: { canvas: canvas },
  });
};
