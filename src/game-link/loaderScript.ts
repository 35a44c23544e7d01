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
