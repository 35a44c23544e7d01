// window.__demoGame: what end-to-end tests read to check that the game did what it was told
// (a setting changed its behaviour, a rebound key moved the player, a message arrived).
import type { AdKind, GameplayState, HostAnswer, HostCall, Party } from '../../contract/game';
import type { SprintMode } from '../../contract/keys';
import type { RoundState } from './round';
import type { CrosshairStyle } from './settings';

export const TEST_API_GLOBAL = '__demoGame';
/**
 * A number the page may set before the game starts: the game then draws at most that many frames
 * a second, below any frame-rate limit the player chose. The end-to-end suite sets it
 * (tests/e2e/test.ts): nothing the shell does depends on the game's frame rate, and software
 * WebGL drawing flat out on a 2-core CI machine took a core from the server and the page, which
 * made every browser test two to three times slower. A player's page never sets it.
 */
export const TEST_FRAME_CAP_GLOBAL = '__demoGameMaxFps';

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
  /** The language the shell last told the game (its `language` setting). */
  language: string;
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
  /** Whether the simulation is paused (an ad plays). */
  paused: boolean;
  /** What the host API gave the game (contract/hostApi.ts). */
  host: DemoHostState;
  /** Rounds the local demo game server paid, and the one running (round.ts). */
  rounds: RoundState;
}

export interface DemoHostState {
  /** The room it joined (a joinRoom event) or invited to. */
  room: string | null;
  party: Party | null;
  /** The presence it set, as shown in the HUD, and whether the host showed it. */
  presence: string | null;
  /** Every call it made and its answer, oldest first. */
  calls: Array<{ request: HostCall; answer: HostAnswer; line: string }>;
  /** The ad playing now: the game is paused and muted meanwhile. */
  adPlaying: AdKind | null;
  /** Every ad that started and finished, with the reward when rewarded. */
  ads: Array<{ kind: AdKind; finished: boolean; rewarded?: boolean }>;
  chatEnabled: boolean | null;
  locale: string | null;
  savesPersistent: boolean | null;
  happyTime: boolean;
  /** Every purchase event heard (granted or refunded), oldest first. */
  purchases: Array<{ status: 'granted' | 'reversed'; tripcoins: number; balance: number }>;
  /** The HUD's line for the last purchase event. */
  purchaseLine: string | null;
  /** What the game last told the host it is doing (its menu, a round's end, play), and the answer's `playing`. */
  gameplay: { state: GameplayState; playing: boolean | null } | null;
}

export interface DemoGameTestApi {
  state(): DemoGameSnapshot;
  /** Back to spawn, weapons refilled, keys released, received log cleared. Settings stay as the shell last sent them. */
  reset(): void;
  /** Mouse movement in pixels, through the same path as pointer-locked mouse moves (headless browsers rarely grant pointer lock). */
  look(dx: number, dy: number): void;
}
