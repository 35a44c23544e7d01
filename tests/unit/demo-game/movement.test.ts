// The demo game's controls, sprint modes, movement, mouse look and weapons, without WebGL.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY, type SprintMode } from '../../../contract/keys';
import { buildGameWasm } from '../../../demo-game/build/wasm';
import { DOUBLE_TAP_MS, INITIAL_CONTROLS, actionsForCode, moveIntent, pressCode, releaseAll, releaseCode, type ControlState } from '../../../demo-game/src/controls';
import { PLAYER, eyeHeight, look, spawnPlayer, stepPlayer, type PlayerState, type World } from '../../../demo-game/src/player';
import { INITIAL_WEAPONS, WEAPONS, isWeaponAction, weaponPress, weaponTick } from '../../../demo-game/src/weapons';
import type { MoveIntent } from '../../../demo-game/src/controls';

const bindings = { ...DEFAULT_KEY_BINDINGS };
const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);
const open: World = { halfWidth: 20, halfDepth: 20, colliders: [], clamp };
const idle: MoveIntent = { forward: 0, right: 0, sprint: false, crouchSlide: false, jump: false, aim: false };

function press(codes: number[], mode: SprintMode = 'hold', at = 0, from: ControlState = INITIAL_CONTROLS): ControlState {
  return codes.reduce((s, c) => pressCode(s, bindings, mode, c, at), from);
}

/** Runs the simulation for `seconds` in 1/60 s steps, as the game does. */
function simulate(player: PlayerState, intent: MoveIntent, seconds: number, world: World = open): PlayerState {
  let p = player;
  for (let t = 0; t < seconds - 1e-9; t += 1 / 60) p = stepPlayer(p, intent, 1 / 60, world);
  return p;
}

describe('controls', () => {
  it('maps held codes to actions through the bindings', () => {
    const intent = moveIntent(press([KEY.W, KEY.D]), bindings, 'hold');
    expect(intent).toMatchObject({ forward: 1, right: 1, sprint: false, jump: false });
    expect(moveIntent(press([KEY.W, KEY.S]), bindings, 'hold').forward).toBe(0);
  });

  it('follows a rebinding: the old key does nothing, the new one moves', () => {
    const rebound = { ...bindings, moveForward: KEY.UpArrow };
    const withW = pressCode(INITIAL_CONTROLS, rebound, 'hold', KEY.W, 0);
    expect(moveIntent(withW, rebound, 'hold').forward).toBe(0);
    const withUp = pressCode(INITIAL_CONTROLS, rebound, 'hold', KEY.UpArrow, 0);
    expect(moveIntent(withUp, rebound, 'hold').forward).toBe(1);
  });

  it('never treats 0 (unbound) as held', () => {
    const unbound = { ...bindings, jump: 0 };
    expect(actionsForCode(unbound, 0)).toEqual([]);
    expect(moveIntent(press([0]), unbound, 'hold').jump).toBe(false);
  });

  it('lists every action sharing a code', () => {
    expect(actionsForCode({ fire: KEY.Mouse0, jump: KEY.Mouse0 }, KEY.Mouse0)).toEqual(['fire', 'jump']);
  });

  it('mouse buttons are codes like keys (aim on the right button)', () => {
    expect(moveIntent(press([KEY.Mouse1]), bindings, 'hold').aim).toBe(true);
  });

  it('ignores a repeat of a held code and forgets codes on release or blur', () => {
    const held = press([KEY.W]);
    expect(pressCode(held, bindings, 'hold', KEY.W, 5)).toBe(held);
    expect(moveIntent(releaseCode(held, bindings, KEY.W), bindings, 'hold').forward).toBe(0);
    expect(releaseCode(held, bindings, KEY.S)).toBe(held);
    expect(releaseAll(press([KEY.W, KEY.Space])).pressed.size).toBe(0);
  });
});

describe('sprint modes', () => {
  it('hold: sprints while the sprint key and forward are held', () => {
    expect(moveIntent(press([KEY.W, KEY.LeftShift]), bindings, 'hold').sprint).toBe(true);
    expect(moveIntent(press([KEY.LeftShift]), bindings, 'hold').sprint).toBe(false);
    expect(moveIntent(press([KEY.S, KEY.LeftShift]), bindings, 'hold').sprint).toBe(false);
    const released = releaseCode(press([KEY.W, KEY.LeftShift]), bindings, KEY.LeftShift);
    expect(moveIntent(released, bindings, 'hold').sprint).toBe(false);
  });

  it('toggle: one press switches sprint on, the next off, and stopping ends it', () => {
    let s = press([KEY.LeftShift], 'toggle');
    s = releaseCode(s, bindings, KEY.LeftShift);
    s = pressCode(s, bindings, 'toggle', KEY.W, 10);
    expect(moveIntent(s, bindings, 'toggle').sprint).toBe(true);
    s = pressCode(s, bindings, 'toggle', KEY.LeftShift, 20);
    expect(moveIntent(s, bindings, 'toggle').sprint).toBe(false);
    s = pressCode(releaseCode(s, bindings, KEY.LeftShift), bindings, 'toggle', KEY.LeftShift, 30);
    expect(moveIntent(s, bindings, 'toggle').sprint).toBe(true);
    s = releaseCode(s, bindings, KEY.W);
    s = pressCode(s, bindings, 'toggle', KEY.W, 40);
    expect(moveIntent(s, bindings, 'toggle').sprint).toBe(false);
  });

  it(`doubleTap: two forward presses within ${DOUBLE_TAP_MS} ms sprint until forward is released`, () => {
    let s = pressCode(INITIAL_CONTROLS, bindings, 'doubleTap', KEY.W, 1000);
    expect(moveIntent(s, bindings, 'doubleTap').sprint).toBe(false);
    s = releaseCode(s, bindings, KEY.W);
    s = pressCode(s, bindings, 'doubleTap', KEY.W, 1000 + DOUBLE_TAP_MS);
    expect(moveIntent(s, bindings, 'doubleTap').sprint).toBe(true);
    s = releaseCode(s, bindings, KEY.W);
    s = pressCode(s, bindings, 'doubleTap', KEY.W, 5000);
    expect(moveIntent(s, bindings, 'doubleTap').sprint).toBe(false);
  });

  it('doubleTap: too slow a second tap does not sprint, and the sprint key does nothing', () => {
    let s = pressCode(INITIAL_CONTROLS, bindings, 'doubleTap', KEY.W, 0);
    s = releaseCode(s, bindings, KEY.W);
    s = pressCode(s, bindings, 'doubleTap', KEY.W, DOUBLE_TAP_MS + 1);
    expect(moveIntent(s, bindings, 'doubleTap').sprint).toBe(false);
    expect(moveIntent(press([KEY.W, KEY.LeftShift], 'doubleTap'), bindings, 'doubleTap').sprint).toBe(false);
  });
});

describe('movement', () => {
  const start = spawnPlayer({ x: 0, z: 0, yaw: 0 });

  it('walks toward -z at yaw 0 at walking speed', () => {
    const p = simulate(start, { ...idle, forward: 1 }, 1);
    expect(p.z).toBeCloseTo(-PLAYER.walkSpeed, 1);
    expect(p.x).toBeCloseTo(0, 5);
  });

  it('strafes right toward +x, and turns with yaw', () => {
    expect(simulate(start, { ...idle, right: 1 }, 1).x).toBeCloseTo(PLAYER.walkSpeed, 1);
    const turned = simulate({ ...start, yaw: Math.PI / 2 }, { ...idle, forward: 1 }, 1);
    expect(turned.x).toBeCloseTo(-PLAYER.walkSpeed, 1);
  });

  it('does not move faster diagonally', () => {
    const p = simulate(start, { ...idle, forward: 1, right: 1 }, 1);
    expect(Math.hypot(p.x, p.z)).toBeCloseTo(PLAYER.walkSpeed, 1);
  });

  it('sprints faster than it walks', () => {
    expect(simulate(start, { ...idle, forward: 1, sprint: true }, 1).z).toBeCloseTo(-PLAYER.sprintSpeed, 1);
  });

  it('stops at the arena walls (clamped by the wasm clamp)', async () => {
    const { instance } = await WebAssembly.instantiate(buildGameWasm());
    const wasmClamp = instance.exports.clamp as World['clamp'];
    const p = simulate(start, { ...idle, forward: 1 }, 10, { ...open, clamp: wasmClamp });
    expect(p.z).toBeCloseTo(-20 + PLAYER.radius, 5);
  });

  it('is stopped by a block and slides along it', () => {
    const world: World = { ...open, colliders: [{ minX: -1, maxX: 1, minZ: -3, maxZ: -2, top: 2 }] };
    const p = simulate(start, { ...idle, forward: 1 }, 2, world);
    expect(p.z).toBeGreaterThanOrEqual(-2 + PLAYER.radius - 1e-9);
    const sliding = simulate(start, { ...idle, forward: 1, right: 1 }, 2, world);
    expect(sliding.x).toBeGreaterThan(1);
  });

  it('jumps once per press and lands', () => {
    let p = stepPlayer(start, { ...idle, jump: true }, 1 / 60, open);
    expect(p.vy).toBeGreaterThan(0);
    p = simulate(p, { ...idle, jump: true }, 0.3);
    const peak = p.y;
    expect(peak).toBeGreaterThan(0.5);
    p = simulate(p, { ...idle, jump: true }, 1.5);
    expect(p).toMatchObject({ y: 0, onGround: true, vy: 0 }); // holding jump does not jump again
  });

  it('can jump onto a low crate and stand on it', () => {
    const world: World = { ...open, colliders: [{ minX: -1, maxX: 1, minZ: -2.5, maxZ: -1.5, top: 1 }] };
    let p = stepPlayer(start, { ...idle, forward: 1, jump: true }, 1 / 60, world);
    p = simulate(p, { ...idle, forward: 1, jump: true }, 0.5, world);
    p = simulate(p, idle, 1, world);
    expect(p.y).toBeCloseTo(1, 5);
    expect(p.onGround).toBe(true);
  });

  it('slides on the press while moving: faster, lower, then back to walking', () => {
    let p = stepPlayer(start, { ...idle, forward: 1, crouchSlide: true }, 1 / 60, open);
    expect(p.slide).toBeGreaterThan(0);
    expect(eyeHeight(p)).toBe(PLAYER.slideEyeHeight);
    const z0 = p.z;
    p = simulate(p, { ...idle, forward: 1, crouchSlide: true }, 0.2);
    expect((z0 - p.z) / 0.2).toBeGreaterThan(PLAYER.walkSpeed);
    p = simulate(p, { ...idle, forward: 1, crouchSlide: true }, 1);
    expect(p.slide).toBe(0);
    expect(eyeHeight(p)).toBe(PLAYER.eyeHeight);
    expect(stepPlayer(start, { ...idle, crouchSlide: true }, 1 / 60, open).slide).toBe(0); // standing still: no slide
  });
});

describe('mouse look', () => {
  const start = spawnPlayer({ x: 0, z: 0, yaw: 0 });

  it('turns by sensitivity x pixels', () => {
    expect(look(start, 100, 0, 1, false, clamp).yaw).toBeCloseTo(-100 * PLAYER.lookPerPixel);
    expect(look(start, 100, 0, 2, false, clamp).yaw).toBeCloseTo(-200 * PLAYER.lookPerPixel);
  });

  it('moving the mouse up looks up, or down with invert Y', () => {
    expect(look(start, 0, -100, 1, false, clamp).pitch).toBeGreaterThan(0);
    expect(look(start, 0, -100, 1, true, clamp).pitch).toBeLessThan(0);
  });

  it('cannot look past straight up or down', () => {
    expect(look(start, 0, -1e6, 1, false, clamp).pitch).toBe(PLAYER.maxPitch);
    expect(look(start, 0, 1e6, 1, false, clamp).pitch).toBe(-PLAYER.maxPitch);
  });

  it('keeps yaw within -pi..pi and ignores non-numbers', () => {
    const spun = look(start, 1e5, 0, 1, false, clamp);
    expect(Math.abs(spun.yaw)).toBeLessThanOrEqual(Math.PI);
    expect(look(start, Number.NaN, 0, 1, false, clamp)).toBe(start);
  });
});

describe('weapons', () => {
  it('fires until the magazine is empty, then asks for a reload', () => {
    let s = INITIAL_WEAPONS;
    for (let i = 0; i < WEAPONS.primary.magazine; i++) s = weaponPress(s, 'fire').state;
    expect(s.ammo.primary).toBe(0);
    expect(s.shots).toBe(WEAPONS.primary.magazine);
    expect(weaponPress(s, 'fire').line).toBe('Rifle empty: reload');
  });

  it('reloads after the reload time, and not while full', () => {
    expect(weaponPress(INITIAL_WEAPONS, 'reload').state).toBe(INITIAL_WEAPONS);
    let s = weaponPress(INITIAL_WEAPONS, 'fire').state;
    s = weaponPress(s, 'reload').state;
    expect(weaponPress(s, 'fire').state).toBe(s); // cannot fire while reloading
    s = weaponTick(s, WEAPONS.primary.reloadSeconds / 2);
    expect(s.ammo.primary).toBe(WEAPONS.primary.magazine - 1);
    s = weaponTick(s, WEAPONS.primary.reloadSeconds);
    expect(s.ammo.primary).toBe(WEAPONS.primary.magazine);
    expect(s.reloading).toBe(0);
  });

  it('switches weapons and inspects', () => {
    const secondary = weaponPress(INITIAL_WEAPONS, 'secondaryWeapon');
    expect(secondary.state.slot).toBe('secondary');
    expect(secondary.line).toBe('Switched to Pistol');
    expect(weaponPress(secondary.state, 'secondaryWeapon').state).toBe(secondary.state);
    expect(weaponPress(INITIAL_WEAPONS, 'inspectWeapon').state.inspecting).toBeGreaterThan(0);
  });

  it('knows which actions are weapon actions', () => {
    expect(['fire', 'reload', 'primaryWeapon', 'secondaryWeapon', 'inspectWeapon'].every(isWeaponAction)).toBe(true);
    expect(isWeaponAction('jump')).toBe(false);
  });
});
