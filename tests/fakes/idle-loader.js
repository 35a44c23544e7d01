// A game loader whose createUnityInstance resolves at once with an instance that draws nothing:
// for the specs that need the shell but not the game (the software-rendered demo game starves
// the page on a small box). It completes loading at once, or when the test calls
// window.__finishLoading() (tests/e2e/accounts-helpers.ts stubGame replaces the marker).
var COMPLETE_AT_ONCE = true; // stubGame may set it to false
window.createUnityInstance = function createUnityInstance(canvas, _config, onProgress) {
  if (onProgress) onProgress(1);
  window.__finishLoading = function () {
    if (typeof window.unityLoadingComplete === 'function') window.unityLoadingComplete();
  };
  if (COMPLETE_AT_ONCE) setTimeout(window.__finishLoading, 0);
  return Promise.resolve({
    SendMessage: function () {},
    SetFullscreen: function () {},
    Quit: function () { return Promise.resolve(); },
    Module: { canvas: canvas },
  });
};
