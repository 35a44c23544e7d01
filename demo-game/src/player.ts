// The player's body: walking, sprinting, jumping, sliding, looking, and bumping into the
// arena. Pure functions of (state, input, dt), so movement is tested without a renderer.
import type { MoveIntent } from './controls';

export interface PlayerState {
  x: number;
  /** Height of the feet above the floor. */
  y: number;
  z: number;
  /** Radians; 0 looks toward -z, positive turns left (three.js rotation.y). */
  yaw: number;
  /** Radians; positive looks up. */
  pitch: number;
  vy: number;
  onGround: boolean;
  /** Seconds of slide left; > 0 while sliding. */
  slide: number;
  /** The previous frame's jump/slide input, so holding the key does not repeat the move. */
  jumpHeld: boolean;
  slideHeld: boolean;
}

/** An obstacle's footprint and height (blocks and pillars). */
export interface Collider {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  top: number;
}

export interface World {
  halfWidth: number;
  halfDepth: number;
  colliders: readonly Collider[];
  /** code.wasm's clamp: min(max(x, lo), hi). */
  clamp(x: number, lo: number, hi: number): number;
}

export const PLAYER = {
  radius: 0.35,
  eyeHeight: 1.6,
  slideEyeHeight: 0.9,
  walkSpeed: 4.5,
  sprintSpeed: 7.5,
  slideSpeed: 10,
  slideSeconds: 0.7,
  jumpSpeed: 7,
  gravity: 20,
  /** Radians of turn per pixel of mouse movement at sensitivity 1. */
  lookPerPixel: 0.0022,
  maxPitch: Math.PI / 2 - 0.01,
} as const;

export function spawnPlayer(spawn: { x: number; z: number; yaw: number }): PlayerState {
  return { x: spawn.x, y: 0, z: spawn.z, yaw: spawn.yaw, pitch: 0, vy: 0, onGround: true, slide: 0, jumpHeld: false, slideHeld: false };
}

/** Mouse movement in pixels -> new view angles. */
export function look(player: PlayerState, dx: number, dy: number, sensitivity: number, invertY: boolean, clamp: World['clamp']): PlayerState {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return player;
  const k = PLAYER.lookPerPixel * sensitivity;
  const yaw = player.yaw - dx * k;
  const pitch = clamp(player.pitch - dy * k * (invertY ? -1 : 1), -PLAYER.maxPitch, PLAYER.maxPitch);
  return { ...player, yaw: Math.atan2(Math.sin(yaw), Math.cos(yaw)), pitch };
}

const overlaps = (x: number, z: number, c: Collider) =>
  x > c.minX - PLAYER.radius && x < c.maxX + PLAYER.radius && z > c.minZ - PLAYER.radius && z < c.maxZ + PLAYER.radius;

/** The highest surface under the player that is not above their feet (floor or a block top). */
function groundUnder(x: number, z: number, feet: number, world: World): number {
  let ground = 0;
  for (const c of world.colliders) if (c.top <= feet + 0.05 && c.top > ground && overlaps(x, z, c)) ground = c.top;
  return ground;
}

/** Would the body at (x, z) with feet at `feet` be inside an obstacle? */
function blocked(x: number, z: number, feet: number, world: World): boolean {
  return world.colliders.some((c) => c.top > feet + 0.05 && overlaps(x, z, c));
}

export function speedFor(player: PlayerState, intent: MoveIntent): number {
  if (player.slide > 0) return PLAYER.walkSpeed + (PLAYER.slideSpeed - PLAYER.walkSpeed) * (player.slide / PLAYER.slideSeconds);
  return intent.sprint ? PLAYER.sprintSpeed : PLAYER.walkSpeed;
}

export function stepPlayer(player: PlayerState, intent: MoveIntent, dt: number, world: World): PlayerState {
  const p = { ...player };
  const moving = intent.forward !== 0 || intent.right !== 0;

  // Slide: on the ground, moving, on the press (not while held).
  if (intent.crouchSlide && !p.slideHeld && p.onGround && moving && p.slide <= 0) p.slide = PLAYER.slideSeconds;
  p.slide = Math.max(0, p.slide - dt);
  p.slideHeld = intent.crouchSlide;

  if (intent.jump && !p.jumpHeld && p.onGround) {
    p.vy = PLAYER.jumpSpeed;
    p.onGround = false;
    p.slide = 0;
  }
  p.jumpHeld = intent.jump;

  if (moving) {
    const length = Math.hypot(intent.forward, intent.right);
    const speed = speedFor(p, intent) * dt;
    const sin = Math.sin(p.yaw);
    const cos = Math.cos(p.yaw);
    // forward = (-sin, -cos), right = (cos, -sin) in (x, z)
    const dx = ((-sin * intent.forward + cos * intent.right) / length) * speed;
    const dz = ((-cos * intent.forward - sin * intent.right) / length) * speed;
    // One axis at a time, so the player slides along a wall instead of sticking to it.
    const nx = world.clamp(p.x + dx, -world.halfWidth + PLAYER.radius, world.halfWidth - PLAYER.radius);
    if (!blocked(nx, p.z, p.y, world)) p.x = nx;
    const nz = world.clamp(p.z + dz, -world.halfDepth + PLAYER.radius, world.halfDepth - PLAYER.radius);
    if (!blocked(p.x, nz, p.y, world)) p.z = nz;
  }

  p.vy -= PLAYER.gravity * dt;
  p.y += p.vy * dt;
  const ground = groundUnder(p.x, p.z, Math.max(p.y, player.y), world);
  if (p.y <= ground) {
    p.y = ground;
    p.vy = 0;
    p.onGround = true;
  } else {
    p.onGround = false;
  }
  return p;
}

export function eyeHeight(player: PlayerState): number {
  return player.y + (player.slide > 0 ? PLAYER.slideEyeHeight : PLAYER.eyeHeight);
}
