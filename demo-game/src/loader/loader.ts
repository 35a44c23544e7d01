// loader.js: a plain script that defines window.createUnityInstance, as a Unity WebGL build's
// loader does. Kept free of three.js and zod so it is tiny and starts downloading at once.
import type { CreateUnityInstance } from '../../../contract/game';
import { FRAMEWORK_GLOBAL, type GameFramework } from '../framework-api';
import { makeCreateUnityInstance } from './create-instance';

type LoaderWindow = Window & { createUnityInstance?: CreateUnityInstance } & Partial<Record<typeof FRAMEWORK_GLOBAL, GameFramework>>;
const loaderWindow = window as LoaderWindow;

/**
 * The framework was already downloaded (for progress), so it runs from a blob: URL rather than
 * being fetched a second time by a <script src>. The CSP allows blob: scripts for this reason.
 */
function runFramework(source: ArrayBuffer, url: string): Promise<GameFramework | undefined> {
  delete loaderWindow[FRAMEWORK_GLOBAL];
  const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = blobUrl;
    script.dataset.demoGameFramework = url;
    const done = () => {
      URL.revokeObjectURL(blobUrl);
      script.remove();
    };
    script.onload = () => {
      done();
      resolve(loaderWindow[FRAMEWORK_GLOBAL]);
    };
    script.onerror = () => {
      done();
      reject(new Error(`The game framework (${url}) could not be run`));
    };
    document.head.appendChild(script);
  });
}

loaderWindow.createUnityInstance = makeCreateUnityInstance({
  fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
  runFramework,
  instantiateWasm: async (bytes) => (await WebAssembly.instantiate(bytes)).instance.exports,
  defaultPixelRatio: () => window.devicePixelRatio || 1,
});
