// Loads a build's loader script (which defines window.createUnityInstance) exactly once per URL:
// a second mount, a retry after the instance failed, or StrictMode's double effects all reuse
// the same <script>. A script that failed to download is removed and forgotten, so Retry can
// add a fresh one.
import type { CreateUnityInstance } from '../../contract/gameConstants';

type LoaderWindow = Window & { createUnityInstance?: CreateUnityInstance };

const loads = new WeakMap<Document, Map<string, Promise<CreateUnityInstance>>>();

/**
 * Marks index.html's own loader script: a deferred classic script ahead of the entry, so the page
 * runs the loader while it parses, as a bare page does, and the entry calls createUnityInstance at
 * once (an async script added by the entry ran only after the rest of the first
 * screen had been evaluated, ~200 ms later at 4x CPU). Used when it ran and defined
 * createUnityInstance; otherwise (it failed to download, the page has none) a script is added here.
 */
export const PAGE_LOADER_ATTRIBUTE = 'data-game-loader-page';

export class GameLoadError extends Error {}

export function loadLoaderScript(url: string, doc: Document = document): Promise<CreateUnityInstance> {
  let perDocument = loads.get(doc);
  if (!perDocument) { perDocument = new Map(); loads.set(doc, perDocument); }
  const known = perDocument.get(url);
  if (known) return known;

  const win = doc.defaultView as LoaderWindow | null;
  const ran = win?.createUnityInstance;
  if (typeof ran === 'function' && doc.querySelector(`script[${PAGE_LOADER_ATTRIBUTE}]`)?.getAttribute('src') === url) {
    const fromPage = Promise.resolve(ran);
    perDocument.set(url, fromPage);
    return fromPage;
  }
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
