// The running game's render loop: each frame advances the simulation, sizes the canvas, poses the
// camera and the held weapon, renders, measures the frame rate (lowering the pixel ratio when it
// falls short of the target) and, after the first frame, tells the shell the game is ready.
import * as THREE from 'three';
import type { Arena } from './scene';
import { FOV_REFERENCE_ASPECT } from './scene';
import { eyeHeight } from './player';
import type { Hud } from './hud/hud';
import { UNLIMITED_FRAME_RATE } from './settings';
import { nextPixelRatio, targetFps } from './resolution';
import { TEST_FRAME_CAP_GLOBAL } from './test-api';
import { WEAPONS } from './weapons';
import type { SimControl } from './game-sim';

export interface LoopDeps {
  canvas: HTMLCanvasElement;
  renderer: THREE.WebGLRenderer;
  arena: Arena;
  hud: Hud;
  sim: SimControl;
  hooks: Record<string, unknown>;
  devicePixelRatio: number;
  /** After the first frame is on screen (once). */
  firstFrame(): void;
}

export function createLoop(deps: LoopDeps) {
  const { canvas, renderer, arena, hud, sim } = deps;
  let pixelRatio = deps.devicePixelRatio;
  renderer.setPixelRatio(pixelRatio);
  const drawingSize = new THREE.Vector2();

  function resize(): void {
    // A canvas hidden by the shell (display: none) measures 0: render at window size meanwhile.
    const width = canvas.clientWidth || window.innerWidth;
    const height = canvas.clientHeight || window.innerHeight;
    renderer.getSize(drawingSize);
    if (drawingSize.x !== width || drawingSize.y !== height) renderer.setSize(width, height, false);
    sim.syncCamera(width / height);
  }

  function present(now: number): void {
    const { player, weapons } = sim.sim;
    const aiming = sim.intent().aim;
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
  let stopped = false;
  let frames = 0;
  let lastRender = 0;
  let fpsWindowStart = performance.now();
  let fpsFrames = 0;
  let announcedReady = false;

  function measure(now: number): void {
    fpsFrames++;
    if (now - fpsWindowStart < 500) return;
    const fps = (fpsFrames * 1000) / (now - fpsWindowStart);
    hud.setFps(fps);
    const { frameRateLimit } = sim.sim.settings;
    const nextRatio = nextPixelRatio(pixelRatio, deps.devicePixelRatio, fps, targetFps(frameRateLimit, UNLIMITED_FRAME_RATE));
    if (nextRatio !== pixelRatio) {
      pixelRatio = nextRatio;
      renderer.setPixelRatio(pixelRatio); // resizes the drawing buffer at once
    }
    fpsWindowStart = now;
    fpsFrames = 0;
  }

  function frame(now: number): void {
    raf = requestAnimationFrame(frame);
    const { frameRateLimit } = sim.sim.settings;
    const limitInterval = frameRateLimit >= UNLIMITED_FRAME_RATE ? 0 : 1000 / frameRateLimit;
    const cap = deps.hooks[TEST_FRAME_CAP_GLOBAL];
    const minInterval = typeof cap === 'number' && cap > 0 ? Math.max(limitInterval, 1000 / cap) : limitInterval;
    if (now - lastRender < minInterval - 1) return;
    lastRender = now;
    // The frame's own timestamp, not performance.now(): an input event that arrives while this
    // frame renders carries a later timeStamp and is then applied at exactly its moment.
    sim.advance(now);
    resize();
    hud.follow();
    present(now);
    renderer.render(arena.scene, arena.camera);
    frames++;
    measure(now);
    if (!announcedReady) {
      announcedReady = true;
      deps.firstFrame();
    }
  }

  return {
    frames: () => frames,
    pixelRatio: () => pixelRatio,
    start(): void {
      if (stopped || raf !== 0 || document.hidden) return;
      sim.skipTo(performance.now()); // no catch-up for the time spent hidden
      raf = requestAnimationFrame(frame);
    },
    pause(): void {
      cancelAnimationFrame(raf);
      raf = 0;
    },
    stop(): void {
      stopped = true;
      cancelAnimationFrame(raf);
      raf = 0;
    },
  };
}
