// window.__demoGame: what end-to-end tests read to check that the game did what it was told
// (a setting changed its behaviour, a rebound key moved the player, a message arrived).
import type { SprintMode } from '../../contract/keys';
import type { CrosshairStyle } from './settings';

export const TEST_API_GLOBAL = '__demoGame';

export interface ReceivedMessage {
  method: string;
  value: string | number | undefined;
}

export interface DemoGameSnapshot {
  fov: number;
  mouseSensitivity: number;
  invertY: boolean;
  sprintMode: SprintMode;
  keyBindings: Record<string, number>;
  crosshairStyle: CrosshairStyle;
  crosshairSize: number;
  showFps: boolean;
  position: { x: number; y: number; z: number };
  yaw: number;
  pitch: number;
  /** Frames rendered since start (stops growing while the page is hidden). */
  frames: number;
  /** The pixel ratio it renders at now (dynamic resolution, see resolution.ts). */
  pixelRatio: number;
  received: ReceivedMessage[];
  // Beyond the minimum, for richer checks:
  adsSensitivity: number;
  frameRateLimit: number;
  /** The vertical FOV the camera renders with (the setting is horizontal). */
  cameraFov: number;
  sprinting: boolean;
  onGround: boolean;
  weapon: { slot: 'primary' | 'secondary'; ammo: number; shots: number; reloading: boolean };
  username: string | null;
  /** Last OnAudioMuted from the host (the demo has no sound to mute). */
  audioMuted: boolean;
  menuOpen: boolean;
  pointerLocked: boolean;
}

export interface DemoGameTestApi {
  state(): DemoGameSnapshot;
  /** Back to spawn, weapons refilled, keys released, received log cleared. Settings stay as the shell last sent them. */
  reset(): void;
  /** Mouse movement in pixels, through the same path as pointer-locked mouse moves (headless browsers rarely grant pointer lock). */
  look(dx: number, dy: number): void;
}
