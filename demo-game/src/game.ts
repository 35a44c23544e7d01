// One running demo game: renderer, render loop, input, HUD and the shell bridge, wired around
// the pure modules (settings, controls, player, weapons, bridge). The loader starts it through
// the framework global and wraps the handle into a UnityInstance.
import * as THREE from 'three';
import { GAME_HOOKS, GAME_OBJECT } from '../../contract/game';
import { interpretShellMessage } from './bridge';
import { callHost, describeHostAnswer, describeHostEvent, describeParty, describePresence, hostEffect, presenceFor, type HostTrigger } from './host';
import { announcesReceiver, callsCompletionHook } from './completion';
import { INITIAL_CONTROLS, actionsForCode, moveIntent, pressCode, releaseAll, releaseCode, type ControlState } from './controls';
import { decodeGameData } from './data-file';
import type { GameHandle, GameStartOptions } from './framework-api';
import { createHud } from './hud/hud';
import { createRounds } from './round';
import { attachInput, requestPointerLock } from './input-dom';
import { eyeHeight, look, spawnPlayer, stepPlayer, type PlayerState, type World } from './player';
import { FOV_REFERENCE_ASPECT, buildArena, verticalFov } from './scene';
import { DEFAULT_GAME_SETTINGS, UNLIMITED_FRAME_RATE, applyAllSettings, applySetting, type GameSettings } from './settings';
import { nextPixelRatio, targetFps } from './resolution';
import { TEST_API_GLOBAL, TEST_FRAME_CAP_GLOBAL, type DemoGameSnapshot, type DemoGameTestApi, type DemoHostState, type ReceivedMessage } from './test-api';
import { fireTrigger, type Trigger } from './triggers';
import { INITIAL_WEAPONS, WEAPONS, isWeaponAction, weaponPress, weaponTick, type WeaponState } from './weapons';

const MAX_RECEIVED = 500;
const AIM_ZOOM = 0.8;

export function createGame(options: GameStartOptions): GameHandle {
  const data = decodeGameData(options.data);
  const { canvas } = options;
  const { layout } = data;
  // The page's globals, looked up by name: the shell's hooks and our test API live there.
  const win = window as unknown as Record<string, unknown>;

  // No antialiasing: at the 1.5 pixel ratio the shell asks for it costs more than it shows.
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, ...options.webgl });
  let pixelRatio = options.devicePixelRatio;
  renderer.setPixelRatio(pixelRatio);
  const arena = buildArena(data);
  const world: World = { halfWidth: layout.width / 2, halfDepth: layout.depth / 2, colliders: arena.colliders, clamp: options.wasm.clamp };

  let settings: GameSettings = DEFAULT_GAME_SETTINGS;
  let controls: ControlState = INITIAL_CONTROLS;
  let player: PlayerState = spawnPlayer(layout.spawn);
  let weapons: WeaponState = INITIAL_WEAPONS;
  let received: ReceivedMessage[] = [];
  let frames = 0;
  let username: string | null = null;
  let audioMuted = false;
  let menuOpen = false;
  let pointerLocked = false;
  let stopped = false;
  let host: DemoHostState = { room: null, party: null, presence: null, calls: [], adPlaying: null, ads: [], chatEnabled: null, locale: null, savesPersistent: null, happyTime: false, purchases: [], purchaseLine: null };

  const hud = createHud(canvas, layout.name, {
    onTrigger: (t) => void runTrigger(t),
    onHostTrigger: (t) => void runHostTrigger(t),
    onToggleMenu: () => setMenuOpen(!menuOpen),
  });
  const log = (line: string) => hud.log(line);
  // Rounds paid by the local demo game server (round.ts), once the shell says who plays.
  const rounds = createRounds({ log });

  function setSettings(next: GameSettings): void {
    if (next === settings) return;
    settings = next;
    hud.applySettings(settings);
    syncCamera();
  }
  hud.applySettings(settings);

  function freeMouse(): void {
    if (document.pointerLockElement === canvas) document.exitPointerLock();
  }

  function setMenuOpen(open: boolean): void {
    menuOpen = open;
    hud.setMenuOpen(open);
    if (open) freeMouse();
  }

  async function runTrigger(trigger: Trigger): Promise<void> {
    freeMouse();
    log(await fireTrigger(trigger, { hooks: win, postMessage: (m, o) => window.postMessage(m, o), origin: window.location.origin }));
  }

  // ---- the host API ----
  function setHost(next: Partial<DemoHostState>): void {
    host = { ...host, ...next };
    const last = host.calls.at(-1);
    hud.setHost({
      room: host.room,
      party: host.party ? describeParty(host.party) : null,
      presence: host.presence,
      answer: last ? last.line : null,
      ad: host.adPlaying ? `Paused and muted: ${host.adPlaying} ad playing` : host.purchaseLine,
    });
  }

  async function runHostTrigger(trigger: HostTrigger): Promise<void> {
    freeMouse();
    const { request } = trigger;
    const answer = await callHost(win, request);
    const line = describeHostAnswer(request, answer);
    const next: Partial<DemoHostState> = { calls: [...host.calls.slice(-49), { request, answer, line }] };
    if (answer.status === 'done' && request.call === 'party') next.party = answer.value as DemoHostState['party'];
    if (answer.status === 'done' && request.call === 'invite') next.room = (answer.value as { roomId: string }).roomId;
    setHost(next);
    log(line);
  }

  /** The presence the game reports: set at start and whenever the party's size changes. */
  let presenceSize = -1;
  async function reportPresence(): Promise<void> {
    const size = host.party?.members.length ?? 0;
    if (size === presenceSize) return;
    presenceSize = size;
    const request = presenceFor(layout.name, host.party);
    const answer = await callHost(win, request);
    setHost({ presence: describePresence(request, answer) });
  }

  async function startHost(): Promise<void> {
    if (typeof win[GAME_HOOKS.hostCall] !== 'function') return;
    const party = await callHost(win, { call: 'party' });
    if (party.status === 'done' && !host.party) setHost({ party: party.value });
    await reportPresence();
  }

  function callHook(name: string): void {
    const hook = win[name];
    if (typeof hook === 'function') Reflect.apply(hook, window, []);
    else log(`The page has no ${name}()`);
  }

  function respawn(): void {
    player = spawnPlayer(layout.spawn);
    weapons = INITIAL_WEAPONS;
    controls = releaseAll(controls);
  }

  // ---- input ----
  const detachInput = attachInput(canvas, hud.root, {
    codeDown(code, at) {
      if (host.adPlaying) return;
      advance(at);
      controls = pressCode(controls, settings.keyBindings, settings.sprintMode, code, at);
      syncCamera();
      for (const action of actionsForCode(settings.keyBindings, code)) {
        if (!isWeaponAction(action)) continue;
        const result = weaponPress(weapons, action);
        weapons = result.state;
        if (result.line) log(result.line);
      }
    },
    codeUp(code, at) {
      advance(at);
      controls = releaseCode(controls, settings.keyBindings, code);
      syncCamera();
    },
    look(dx, dy) {
      if (host.adPlaying) return;
      const aiming = moveIntent(controls, settings.keyBindings, settings.sprintMode).aim;
      player = look(player, dx, dy, settings.mouseSensitivity * (aiming ? settings.adsSensitivity : 1), settings.invertY, world.clamp);
    },
    escape() {
      freeMouse();
      callHook(GAME_HOOKS.showSettings);
    },
    toggleMenu: () => setMenuOpen(!menuOpen),
    isBound: (code) => actionsForCode(settings.keyBindings, code).length > 0,
    clickToPlay() {
      if (menuOpen) setMenuOpen(false);
      canvas.focus({ preventScroll: true });
      requestPointerLock(canvas);
    },
    releaseAll(at) {
      advance(at);
      controls = releaseAll(controls);
      syncCamera();
    },
    pointerLockChanged(locked) {
      pointerLocked = locked;
      hud.setPointerLocked(locked);
      if (locked) return;
      advance(performance.now());
      controls = releaseAll(controls);
      syncCamera();
    },
  });

  // ---- render loop ----
  const drawingSize = new THREE.Vector2();
  function resize(): void {
    // A canvas hidden by the shell (display: none) measures 0: render at window size meanwhile.
    const width = canvas.clientWidth || window.innerWidth;
    const height = canvas.clientHeight || window.innerHeight;
    renderer.getSize(drawingSize);
    if (drawingSize.x !== width || drawingSize.y !== height) renderer.setSize(width, height, false);
    syncCamera(width / height);
  }

  /** Called on every frame and at once when a setting or the aim key changes it, so tests read it back without waiting for a frame. */
  function syncCamera(aspect = arena.camera.aspect): void {
    const aiming = moveIntent(controls, settings.keyBindings, settings.sprintMode).aim;
    const fov = verticalFov(settings.fov * (aiming ? AIM_ZOOM : 1));
    if (arena.camera.aspect !== aspect || arena.camera.fov !== fov) {
      arena.camera.aspect = aspect;
      arena.camera.fov = fov;
      arena.camera.updateProjectionMatrix();
    }
  }

  // The simulation advances in real time, in small fixed steps, up to each input event as well
  // as each frame: a key held for 600 ms moves the player 600 ms worth even when frames are slow
  // (software WebGL in CI renders a frame or two per second) or fall between press and release.
  const STEP = 1 / 60;
  let simulatedUntil = performance.now();
  function advance(now: number): void {
    // Paused while an ad plays: no time passes in the game.
    if (host.adPlaying) { simulatedUntil = Math.max(simulatedUntil, now); return; }
    if (now <= simulatedUntil) return;
    let remaining = Math.min((now - simulatedUntil) / 1000, 1);
    simulatedUntil = now;
    while (remaining > 1e-6) {
      const dt = Math.min(remaining, STEP);
      player = stepPlayer(player, moveIntent(controls, settings.keyBindings, settings.sprintMode), dt, world);
      weapons = weaponTick(weapons, dt);
      remaining -= dt;
    }
  }

  function present(now: number): void {
    const aiming = moveIntent(controls, settings.keyBindings, settings.sprintMode).aim;
    const { camera, weapon } = arena;
    camera.position.set(player.x, eyeHeight(player), player.z);
    camera.rotation.set(player.pitch, player.yaw, 0);
    // The held weapon: centred while aiming, kicked back by recoil, turned while inspected, and
    // pulled in on narrow (portrait) screens so it stays in view.
    const halfWidthAtWeapon = Math.tan(THREE.MathUtils.degToRad(camera.fov / 2)) * camera.aspect * 0.5;
    weapon.position.set(aiming ? 0 : Math.min(0.16, halfWidthAtWeapon * 0.6), aiming ? -0.1 : -0.15, -0.5 + weapons.recoil * 0.04);
    weapon.rotation.set(weapons.recoil * 0.12 - (weapons.reloading > 0 ? 0.6 : 0), weapons.inspecting > 0 ? Math.sin(now / 300) * 0.9 : 0, 0);
    weapon.scale.setScalar((weapons.slot === 'secondary' ? 0.7 : 1) * Math.min(1, 0.5 + (0.5 * camera.aspect) / FOV_REFERENCE_ASPECT));
    hud.setFiring(weapons.recoil > 0.5);
    const w = WEAPONS[weapons.slot];
    hud.setWeapon(`${w.name} ${weapons.ammo[weapons.slot]}/${w.magazine}${weapons.reloading > 0 ? ' · reloading' : ''}`);
  }

  let raf = 0;
  let lastRender = 0;
  let fpsWindowStart = performance.now();
  let fpsFrames = 0;
  let announcedReady = false;

  function frame(now: number): void {
    raf = requestAnimationFrame(frame);
    const limitInterval = settings.frameRateLimit >= UNLIMITED_FRAME_RATE ? 0 : 1000 / settings.frameRateLimit;
    const cap = win[TEST_FRAME_CAP_GLOBAL];
    const minInterval = typeof cap === 'number' && cap > 0 ? Math.max(limitInterval, 1000 / cap) : limitInterval;
    if (now - lastRender < minInterval - 1) return;
    lastRender = now;
    // The frame's own timestamp, not performance.now(): an input event that arrives while this
    // frame renders carries a later timeStamp and is then applied at exactly its moment.
    advance(now);
    resize();
    hud.follow();
    present(now);
    renderer.render(arena.scene, arena.camera);
    frames++;
    fpsFrames++;
    if (now - fpsWindowStart >= 500) {
      const fps = (fpsFrames * 1000) / (now - fpsWindowStart);
      hud.setFps(fps);
      const nextRatio = nextPixelRatio(pixelRatio, options.devicePixelRatio, fps, targetFps(settings.frameRateLimit, UNLIMITED_FRAME_RATE));
      if (nextRatio !== pixelRatio) {
        pixelRatio = nextRatio;
        renderer.setPixelRatio(pixelRatio); // resizes the drawing buffer at once
      }
      fpsWindowStart = now;
      fpsFrames = 0;
    }
    if (!announcedReady) {
      // Ready once the first frame is on screen: the shell then shows 100 % and hides loading
      // (unless ?demoGameHook=never: a build without our bridge, see completion.ts).
      announcedReady = true;
      void startHost();
      if (!callsCompletionHook(window.location.search)) return;
      const complete = win[GAME_HOOKS.loadingComplete];
      if (typeof complete === 'function') Reflect.apply(complete, window, []);
    }
  }

  function start(): void {
    if (stopped || raf !== 0 || document.hidden) return;
    simulatedUntil = performance.now(); // no catch-up for the time spent hidden
    raf = requestAnimationFrame(frame);
  }
  function pause(): void {
    cancelAnimationFrame(raf);
    raf = 0;
  }
  const onVisibility = () => {
    if (document.hidden) {
      pause();
      advance(performance.now());
      controls = releaseAll(controls);
    } else start();
  };
  document.addEventListener('visibilitychange', onVisibility);
  start();

  // ---- test API ----
  const testApi: DemoGameTestApi = {
    state(): DemoGameSnapshot {
      advance(performance.now());
      const intent = moveIntent(controls, settings.keyBindings, settings.sprintMode);
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
        frames,
        pixelRatio,
        received: received.map((m) => ({ ...m })),
        adsSensitivity: settings.adsSensitivity,
        frameRateLimit: settings.frameRateLimit,
        cameraFov: arena.camera.fov,
        sprinting: intent.sprint,
        onGround: player.onGround,
        weapon: { slot: weapons.slot, ammo: weapons.ammo[weapons.slot], shots: weapons.shots, reloading: weapons.reloading > 0 },
        username,
        audioMuted,
        menuOpen,
        pointerLocked,
        paused: host.adPlaying !== null,
        host: { ...host, calls: host.calls.map((c) => ({ ...c })), ads: host.ads.map((a) => ({ ...a })) },
        rounds: rounds.state(),
      };
    },
    reset() {
      respawn();
      received = [];
    },
    look(dx, dy) {
      player = look(player, dx, dy, settings.mouseSensitivity, settings.invertY, world.clamp);
    },
  };
  win[TEST_API_GLOBAL] = testApi;

  // ---- the shell's messages ----
  function sendMessage(gameObject: string, method: string, value?: string | number): void {
    if (stopped) return console.warn(`SendMessage(${gameObject}, ${method}) after Quit: ignored`);
    // Unity answers a wrong object name with this warning and does nothing.
    if (gameObject !== GAME_OBJECT) return console.warn(`SendMessage: object ${gameObject} not found!`);
    received = [...received.slice(-(MAX_RECEIVED - 1)), { method, value }];
    const { line, effect } = interpretShellMessage(method, value);
    switch (effect.kind) {
      case 'setting':
        setSettings(applySetting(settings, effect.name, effect.value));
        break;
      case 'allSettings':
        setSettings(applyAllSettings(settings, effect.value));
        break;
      case 'user':
        username = effect.username;
        hud.setPlayer(`Playing as ${effect.username}`);
        rounds.player(effect.username);
        break;
      case 'bootstrap':
        respawn();
        break;
      case 'audio':
        audioMuted = effect.muted;
        break;
      case 'host':
        applyHostEvent(effect.event);
        break;
      case 'none':
        break;
    }
    log(line);
  }

  function applyHostEvent(event: Parameters<typeof hostEffect>[0]): void {
    const effect = hostEffect(event);
    switch (effect.kind) {
      case 'party':
        setHost({ party: effect.party });
        void reportPresence();
        break;
      case 'joinRoom':
        setHost({ room: effect.roomId });
        break;
      case 'ad':
        if (effect.playing) {
          // Paused and muted until the ad ends: keys let go, no time passes (advance), no input.
          advance(performance.now());
          controls = releaseAll(controls);
          freeMouse();
          setHost({ adPlaying: effect.adKind, ads: [...host.ads, { kind: effect.adKind, finished: false }] });
        } else {
          const ads = host.ads.slice();
          const open = ads.findLastIndex((a) => a.kind === effect.adKind && !a.finished);
          const done = { kind: effect.adKind, finished: true, ...(effect.rewarded === undefined ? {} : { rewarded: effect.rewarded }) };
          if (open >= 0) ads[open] = done; else ads.push(done);
          simulatedUntil = performance.now(); // no catch-up for the ad's time
          setHost({ adPlaying: null, ads });
        }
        break;
      case 'chat':
        setHost({ chatEnabled: effect.enabled });
        break;
      case 'locale':
        setHost({ locale: effect.locale });
        break;
      case 'storage':
        setHost({ savesPersistent: effect.persistent });
        break;
      case 'happyTime':
        setHost({ happyTime: effect.active });
        break;
      case 'purchase':
        setHost({ purchases: [...host.purchases, { status: effect.status, tripcoins: effect.tripcoins, balance: effect.balance }], purchaseLine: describeHostEvent(event) });
        break;
      case 'features':
        log(describeHostEvent(event));
        break;
    }
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
      if (stopped) return;
      stopped = true;
      rounds.stop();
      pause();
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
