// The running game's simulation: the player, their keys and weapons under the shell's settings,
// advanced in real time in small fixed steps, and the camera that follows the settings and aim.
import { INITIAL_CONTROLS, moveIntent, releaseAll, type ControlState } from './controls';
import { spawnPlayer, stepPlayer, look, type PlayerState, type World } from './player';
import { verticalFov, type Arena } from './scene';
import { DEFAULT_GAME_SETTINGS, type GameSettings } from './settings';
import { INITIAL_WEAPONS, weaponTick, type WeaponState } from './weapons';

const AIM_ZOOM = 0.8;
// The simulation advances in real time, in small fixed steps, up to each input event as well
// as each frame: a key held for 600 ms moves the player 600 ms worth even when frames are slow
// (software WebGL in CI renders a frame or two per second) or fall between press and release.
const STEP = 1 / 60;

export interface Sim {
  settings: GameSettings;
  controls: ControlState;
  player: PlayerState;
  weapons: WeaponState;
}

export function createSim(arena: Pick<Arena, 'camera'>, world: World, spawn: { x: number; z: number; yaw: number }, paused: () => boolean) {
  const sim: Sim = { settings: DEFAULT_GAME_SETTINGS, controls: INITIAL_CONTROLS, player: spawnPlayer(spawn), weapons: INITIAL_WEAPONS };
  let simulatedUntil = performance.now();
  const intent = () => moveIntent(sim.controls, sim.settings.keyBindings, sim.settings.sprintMode);

  /** Called on every frame and at once when a setting or the aim key changes it, so tests read it back without waiting for a frame. */
  function syncCamera(aspect = arena.camera.aspect): void {
    const fov = verticalFov(sim.settings.fov * (intent().aim ? AIM_ZOOM : 1));
    if (arena.camera.aspect !== aspect || arena.camera.fov !== fov) {
      arena.camera.aspect = aspect;
      arena.camera.fov = fov;
      arena.camera.updateProjectionMatrix();
    }
  }

  function advance(now: number): void {
    // Paused while an ad plays: no time passes in the game.
    if (paused()) { simulatedUntil = Math.max(simulatedUntil, now); return; }
    if (now <= simulatedUntil) return;
    let remaining = Math.min((now - simulatedUntil) / 1000, 1);
    simulatedUntil = now;
    while (remaining > 1e-6) {
      const dt = Math.min(remaining, STEP);
      sim.player = stepPlayer(sim.player, intent(), dt, world);
      sim.weapons = weaponTick(sim.weapons, dt);
      remaining -= dt;
    }
  }

  return {
    sim,
    intent,
    syncCamera,
    advance,
    /** No catch-up for time the game did not run (hidden, an ad). */
    skipTo(now: number): void { simulatedUntil = now; },
    respawn(): void {
      sim.player = spawnPlayer(spawn);
      sim.weapons = INITIAL_WEAPONS;
      sim.controls = releaseAll(sim.controls);
    },
    look(dx: number, dy: number, sensitivity: number): void {
      sim.player = look(sim.player, dx, dy, sensitivity, sim.settings.invertY, world.clamp);
    },
  };
}

export type SimControl = ReturnType<typeof createSim>;
