// Loads a build's loader script (which defines window.createUnityInstance) exactly once per URL:
// a second mount, a retry after the instance failed, or StrictMode's double effects all reuse
// the same <script>. A script that failed to download is removed and forgotten, so Retry can
// add a fresh one.
import type { CreateUnityInstance } from '../../contract/gameConstants';

type LoaderWindow = Window & { createUnityInstance?: CreateUnityInstance };

const loads = new WeakMap<Document, Map<string, Promise<CreateUnityInstance>>>();

export class GameLoadError extends Error {}

export function loadLoaderScript(url: string, doc: Document = document): Promise<CreateUnityInstance> {
  let perDocument = loads.get(doc);
  if (!perDocument) { perDocument = new Map(); loads.set(doc, perDocument); }
  const known = perDocument.get(url);
  if (known) return known;

  const win = doc.defaultView as LoaderWindow | null;
  const promise = new Promise<CreateUnityInstance>((resolve, reject) => {
    const script = doc.createElement('script');
    const forget = (error: Error) => {
      perDocument.delete(url);
      script.remove();
      reject(error);
    };
    script.src = url;
    script.async = true;
    script.dataset.gameLoader = 'true';
    script.addEventListener('load', () => {
      const create = win?.createUnityInstance;
      if (typeof create === 'function') resolve(create);
      else forget(new GameLoadError(`The game loader (${url}) did not define createUnityInstance`));
    });
    script.addEventListener('error', () => forget(new GameLoadError(`The game loader (${url}) could not be downloaded`)));
    doc.head.appendChild(script);
  });
  perDocument.set(url, promise);
  return promise;
}

/**
 * Asks for the build's framework and code at once, in the request mode of Unity's loader's own
 * fetches (CORS mode, credentials to the same origin only: crossorigin="anonymous"), so they
 * download beside the loader script instead of after it, and the loader's own requests take
 * these answers: each file crosses the network once. Not the data file: the loader reads it
 * through Unity's own cache. Only where the download waits for nothing (src/app/gameStart.ts): a
 * preload left unused for seconds is a warning in the console, and on a host with a gate the host
 * decides when the game may download.
 */
export function preloadGameCode(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) {
    if (doc.querySelector(`link[rel="preload"][href="${url}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.crossOrigin = 'anonymous';
    link.href = url;
    doc.head.appendChild(link);
  }
}
