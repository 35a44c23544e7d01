// One running demo game, wired from its parts: the simulation (game-sim.ts), the render loop
// (game-loop.ts), the host API's side (game-host.ts), input, the HUD and the shell's messages
// (bridge.ts). The loader starts it through the framework global and wraps the handle into a
// UnityInstance.
import * as THREE from 'three';
import { GAME_HOOKS, GAME_OBJECT } from '../../contract/game';
import { interpretShellMessage } from './bridge';
import { announcesReceiver, callsCompletionHook } from './completion';
import { actionsForCode, pressCode, releaseAll, releaseCode } from './controls';
import { decodeGameData } from './data-file';
import type { GameHandle, GameStartOptions } from './framework-api';
import { createGameHost } from './game-host';
import { createLoop } from './game-loop';
import { createSim, type SimControl } from './game-sim';
import { createHud, type Hud } from './hud/hud';
import { createRounds } from './round';
import { attachInput, requestPointerLock } from './input-dom';
import { type World } from './player';
import { buildArena } from './scene';
import { applyAllSettings, applySetting, type GameSettings } from './settings';
import { TEST_API_GLOBAL, type DemoGameSnapshot, type DemoGameTestApi, type ReceivedMessage } from './test-api';
import { fireTrigger } from './triggers';
import { isWeaponAction, weaponPress } from './weapons';

const MAX_RECEIVED = 500;

/** What the game is doing beside the simulation (the test API reads it). */
interface GameFlags {
  username: string | null;
  audioMuted: boolean;
  menuOpen: boolean;
  pointerLocked: boolean;
  stopped: boolean;
  received: ReceivedMessage[];
}

export function createGame(options: GameStartOptions): GameHandle {
  const data = decodeGameData(options.data);
  const { canvas } = options;
  const { layout } = data;
  // The page's globals, looked up by name: the shell's hooks and our test API live there.
  const win = window as unknown as Record<string, unknown>;

  // No antialiasing: at the 1.5 pixel ratio the shell asks for it costs more than it shows.
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, ...options.webgl });
  const arena = buildArena(data);
  const world: World = { halfWidth: layout.width / 2, halfDepth: layout.depth / 2, colliders: arena.colliders, clamp: options.wasm.clamp };
  const flags: GameFlags = { username: null, audioMuted: false, menuOpen: false, pointerLocked: false, stopped: false, received: [] };

  const hud = createHud(canvas, layout.name, {
    onTrigger: (t) => { freeMouse(); void fireTrigger(t, { hooks: win, postMessage: (m, o) => window.postMessage(m, o), origin: window.location.origin }).then(log); },
    onHostTrigger: (t) => { freeMouse(); void host.runTrigger(t); },
    onToggleMenu: () => setMenuOpen(!flags.menuOpen),
  });
  const log = (line: string) => hud.log(line);
  const freeMouse = () => { if (document.pointerLockElement === canvas) document.exitPointerLock(); };
  const setMenuOpen = (open: boolean) => {
    flags.menuOpen = open;
    hud.setMenuOpen(open);
    if (open) freeMouse();
    tellGameplay();
  };
  // Out of play in the menu and between rounds (the host stops counting play time meanwhile).
  let roundOver = false;
  const tellGameplay = () => void host.gameplay(flags.menuOpen ? 'menu' : roundOver ? 'roundOver' : 'play');

  const host = createGameHost({
    hooks: win, hud, log, arena: layout.name,
    // Paused and muted until the ad ends: keys let go, no time passes (advance), no input.
    adStarted: () => { sim.advance(performance.now()); sim.sim.controls = releaseAll(sim.sim.controls); freeMouse(); },
    adFinished: () => sim.skipTo(performance.now()),
  });
  const sim = createSim(arena, world, layout.spawn, host.adPlaying);
  // Rounds paid by the local demo game server (round.ts), once the shell says who plays.
  const rounds = createRounds({ log, onRound: (phase) => { roundOver = phase === 'over'; tellGameplay(); } });
  const setSettings = (next: GameSettings) => {
    if (next === sim.sim.settings) return;
    sim.sim.settings = next;
    hud.applySettings(next);
    sim.syncCamera();
  };
  hud.applySettings(sim.sim.settings);

  const detachInput = attachGameInput({ canvas, hud, sim, flags, paused: host.adPlaying, freeMouse, setMenuOpen, log, hooks: win });

  const loop = createLoop({
    canvas, renderer, arena, hud, sim, hooks: win, devicePixelRatio: options.devicePixelRatio,
    firstFrame() {
      // Ready once the first frame is on screen: the shell then shows 100 % and hides loading
      // (unless ?demoGameHook=never: a build without our bridge, see completion.ts).
      void host.start();
      if (!callsCompletionHook(window.location.search)) return;
      const complete = win[GAME_HOOKS.loadingComplete];
      if (typeof complete === 'function') Reflect.apply(complete, window, []);
    },
  });
  const onVisibility = () => {
    if (!document.hidden) { loop.start(); return; }
    loop.pause();
    sim.advance(performance.now());
    sim.sim.controls = releaseAll(sim.sim.controls);
  };
  document.addEventListener('visibilitychange', onVisibility);
  loop.start();

  const testApi = createTestApi(sim, flags, loop, arena.camera, host.state, rounds.state);
  win[TEST_API_GLOBAL] = testApi;

  // ---- the shell's messages ----
  function sendMessage(gameObject: string, method: string, value?: string | number): void {
    if (flags.stopped) return console.warn(`SendMessage(${gameObject}, ${method}) after Quit: ignored`);
    // Unity answers a wrong object name with this warning and does nothing.
    if (gameObject !== GAME_OBJECT) return console.warn(`SendMessage: object ${gameObject} not found!`);
    flags.received = [...flags.received.slice(-(MAX_RECEIVED - 1)), { method, value }];
    const { line, effect } = interpretShellMessage(method, value);
    switch (effect.kind) {
      case 'setting': setSettings(applySetting(sim.sim.settings, effect.name, effect.value)); break;
      case 'allSettings': setSettings(applyAllSettings(sim.sim.settings, effect.value)); break;
      case 'user':
        flags.username = effect.username;
        hud.setPlayer(`Playing as ${effect.username}`);
        rounds.player(effect.username);
        break;
      case 'bootstrap': sim.respawn(); break;
      case 'audio': flags.audioMuted = effect.muted; break;
      case 'host': host.apply(effect.event); break;
      case 'none': break;
    }
    log(line);
  }

  // Our receiver exists from here on: the shell delivers what it held for us, then everything.
  // (Not with ?demoGameHook=absent: a build without our jslib, see completion.ts.)
  const announce = win[GAME_HOOKS.receiverReady];
  if (typeof announce === 'function' && announcesReceiver(window.location.search)) Reflect.apply(announce, window, []);

  return {
    sendMessage,
    setFullscreen(fullscreen) {
      // The canvas's parent, so that the HUD (a sibling of the canvas) stays visible.
      const target = canvas.parentElement ?? canvas;
      if (fullscreen && !document.fullscreenElement) target.requestFullscreen?.().catch(() => undefined);
      else if (!fullscreen && document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    },
    requestPointerLock: () => requestPointerLock(canvas),
    quit() {
      if (flags.stopped) return;
      flags.stopped = true;
      rounds.stop();
      loop.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      detachInput();
      freeMouse();
      hud.destroy();
      arena.dispose();
      renderer.dispose();
      // Give the WebGL context back now rather than at garbage collection: browsers cap live contexts.
      renderer.forceContextLoss();
      if (win[TEST_API_GLOBAL] === testApi) delete win[TEST_API_GLOBAL];
    },
  };
}

interface InputDeps {
  canvas: HTMLCanvasElement;
  hud: Hud;
  sim: SimControl;
  flags: GameFlags;
  paused(): boolean;
  freeMouse(): void;
  setMenuOpen(open: boolean): void;
  log(line: string): void;
  hooks: Record<string, unknown>;
}

/** Keys, mouse and pointer lock, applied to the simulation at each event's own moment. */
function attachGameInput(d: InputDeps): () => void {
  const { sim } = d;
  const s = sim.sim;
  return attachInput(d.canvas, d.hud.root, {
    codeDown(code, at) {
      if (d.paused()) return;
      sim.advance(at);
      s.controls = pressCode(s.controls, s.settings.keyBindings, s.settings.sprintMode, code, at);
      sim.syncCamera();
      for (const action of actionsForCode(s.settings.keyBindings, code)) {
        if (!isWeaponAction(action)) continue;
        const result = weaponPress(s.weapons, action);
        s.weapons = result.state;
        if (result.line) d.log(result.line);
      }
    },
    codeUp(code, at) {
      sim.advance(at);
      s.controls = releaseCode(s.controls, s.settings.keyBindings, code);
      sim.syncCamera();
    },
    look(dx, dy) {
      if (d.paused()) return;
      sim.look(dx, dy, s.settings.mouseSensitivity * (sim.intent().aim ? s.settings.adsSensitivity : 1));
    },
    escape() {
      d.freeMouse();
      const hook = d.hooks[GAME_HOOKS.showSettings];
      if (typeof hook === 'function') Reflect.apply(hook, window, []);
      else d.log(`The page has no ${GAME_HOOKS.showSettings}()`);
    },
    toggleMenu: () => d.setMenuOpen(!d.flags.menuOpen),
    isBound: (code) => actionsForCode(s.settings.keyBindings, code).length > 0,
    clickToPlay() {
      if (d.flags.menuOpen) d.setMenuOpen(false);
      d.canvas.focus({ preventScroll: true });
      requestPointerLock(d.canvas);
    },
    releaseAll(at) {
      sim.advance(at);
      s.controls = releaseAll(s.controls);
      sim.syncCamera();
    },
    pointerLockChanged(locked) {
      d.flags.pointerLocked = locked;
      d.hud.setPointerLocked(locked);
      if (locked) return;
      sim.advance(performance.now());
      s.controls = releaseAll(s.controls);
      sim.syncCamera();
    },
  });
}

/** What tests read of the running game (test-api.ts). */
function createTestApi(
  sim: SimControl, flags: GameFlags, loop: { frames(): number; pixelRatio(): number }, camera: THREE.PerspectiveCamera,
  host: () => DemoGameSnapshot['host'], rounds: () => DemoGameSnapshot['rounds'],
): DemoGameTestApi {
  return {
    state(): DemoGameSnapshot {
      sim.advance(performance.now());
      const { settings, player, weapons } = sim.sim;
      const h = host();
      return {
        fov: settings.fov,
        mouseSensitivity: settings.mouseSensitivity,
        invertY: settings.invertY,
        sprintMode: settings.sprintMode,
        keyBindings: { ...settings.keyBindings },
        crosshairStyle: settings.crosshairStyle,
        language: settings.language,
        crosshairSize: settings.crosshairSize,
        showFps: settings.showFps,
        position: { x: player.x, y: player.y, z: player.z },
        yaw: player.yaw,
        pitch: player.pitch,
        frames: loop.frames(),
        pixelRatio: loop.pixelRatio(),
        received: flags.received.map((m) => ({ ...m })),
        adsSensitivity: settings.adsSensitivity,
        frameRateLimit: settings.frameRateLimit,
        cameraFov: camera.fov,
        sprinting: sim.intent().sprint,
        onGround: player.onGround,
        weapon: { slot: weapons.slot, ammo: weapons.ammo[weapons.slot], shots: weapons.shots, reloading: weapons.reloading > 0 },
        username: flags.username,
        audioMuted: flags.audioMuted,
        menuOpen: flags.menuOpen,
        pointerLocked: flags.pointerLocked,
        paused: h.adPlaying !== null,
        host: { ...h, calls: h.calls.map((c) => ({ ...c })), ads: h.ads.map((a) => ({ ...a })) },
        rounds: rounds(),
      };
    },
    reset() {
      sim.respawn();
      flags.received = [];
    },
    look(dx, dy) {
      sim.look(dx, dy, sim.sim.settings.mouseSensitivity);
    },
  };
}
