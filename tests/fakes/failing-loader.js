// A game loader whose createUnityInstance fails after reporting some progress, as a Unity build
// does when its code file is corrupt: the shell must show its error screen, not a frozen bar.
window.createUnityInstance = function createUnityInstance(canvas, config, onProgress) {
  if (onProgress) onProgress(0.3);
  return new Promise(function (_resolve, reject) {
    setTimeout(function () { reject(new Error('The game code (' + config.codeUrl + ') is not a valid WebAssembly module')); }, 200);
  });
};
