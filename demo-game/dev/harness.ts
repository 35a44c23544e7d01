// The dev harness (demo-game/dev.html): loads the built loader from /game/build/ exactly as
// the shell does, answers the game's hooks and messages with a status line, and sends the
// query parameters as settings. Not part of any build.
import { GAME_BUILD_FILES, GAME_HOOKS, GAME_INSTANCE_GLOBAL, GAME_OBJECT, GAME_PIXEL_RATIO, SHELL_TO_GAME, parseGameMessage, type CreateUnityInstance } from '../../contract/game';

const page = window as unknown as Record<string, unknown>;
const status = document.getElementById('status') as HTMLElement;
const bar = document.getElementById('bar') as HTMLElement;
const canvas = document.getElementById('game') as HTMLCanvasElement;
const events: string[] = [];
page.__harnessEvents = events;

function show(text: string): void {
  events.push(text);
  status.textContent = text;
}

for (const key of ['showSettings', 'showProfile', 'showReleaseLogs', 'showLevelProgress', 'hideOverlay'] as const) {
  page[GAME_HOOKS[key]] = () => show(`hook: ${GAME_HOOKS[key]}()`);
}
page[GAME_HOOKS.requestBotCheckToken] = () => Promise.resolve('harness-token-0123456789');
page[GAME_HOOKS.loadingComplete] = () => {
  show('hook: unityLoadingComplete()');
  bar.style.width = '100%';
  setTimeout(() => bar.remove(), 300);
};

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== window.location.origin) return;
  const message = parseGameMessage(event.data);
  show(message ? `message: ${JSON.stringify(message)}` : 'message ignored (not a game message)');
});

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.appendChild(script);
  });
}

async function main(): Promise<void> {
  await loadScript(GAME_BUILD_FILES.loaderUrl);
  const create = page.createUnityInstance as CreateUnityInstance;
  const { loaderUrl: _loader, ...files } = GAME_BUILD_FILES;
  const instance = await create(canvas, { ...files, devicePixelRatio: GAME_PIXEL_RATIO, productName: 'Demo game' }, (p) => {
    bar.style.width = `${Math.round(p * 100)}%`;
    status.textContent = `Loading ${Math.round(p * 100)}%`;
  });
  page[GAME_INSTANCE_GLOBAL] = instance;
  canvas.focus();
  instance.SendMessage(GAME_OBJECT, SHELL_TO_GAME.userData, JSON.stringify({ uuid: 'dev', username: 'dev_player', verified: 1, isAdmin: false }));
  for (const [name, raw] of new URLSearchParams(window.location.search)) {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // a plain string value, e.g. crosshairStyle=circle
    }
    instance.SendMessage(GAME_OBJECT, SHELL_TO_GAME.settingChanged, JSON.stringify({ name, value }));
  }
}

main().catch((error: unknown) => show(`load failed: ${error instanceof Error ? error.message : String(error)}`));
