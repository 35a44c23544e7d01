// The typed interface everything else uses to reach the game (contract/game.ts, SHELL_TO_GAME).
// One is created at start-up (app/boot.ts) around the page's one game controller and injected:
// components read it from the GameLink context (context.tsx), machines and plain functions take
// it as a parameter. Tests pass a fake (tests/support/fakeGameLink.ts) and read what was sent.
//
// Nothing reaches a build before it has announced its receiver (window.tripShellReceiverReady,
// GAME_HOOKS.receiverReady): a build without WebBridge would log "SendMessage: object WebBridge
// not found!" for every message (inside Discord each line is a CAPTURE_LOG command). Messages
// sent while the game runs but has not announced are held, in order, and delivered when it does;
// for the ones where only the latest value counts (SUPERSEDED_BY_LATEST) only the latest is kept.
import { GAME_HOOKS, GAME_OBJECT, SHELL_TO_GAME, encodeGameArgument, type ShellToGameMethod, type ShellToGamePayloads } from '../../contract/gameConstants';
import type { GameController, GameStatus } from './controller';

/** What the link needs of the controller. */
export type LinkedController = Pick<GameController, 'getState' | 'subscribe' | 'sendMessage'>;

export type PayloadArgs<M extends ShellToGameMethod> = ShellToGamePayloads[M] extends undefined ? [] : [payload: ShellToGamePayloads[M]];

export interface GameLink {
  /**
   * Sends one of the shell's messages to the game. Without a running instance this logs the
   * wrapper's warning and does nothing; before the build announced its receiver it is held.
   */
  send<M extends ShellToGameMethod>(method: M, ...payload: PayloadArgs<M>): void;
  /** 'idle' | 'loading' | 'loaded' | 'error'. */
  status(): GameStatus;
  /** Called whenever the game's state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The page's own link: also hears the build's announcement (earlyHooks.ts installs the hook). */
export interface ShellGameLink extends GameLink {
  /** The build's receiver exists (GAME_HOOKS.receiverReady was called): held messages go now. */
  receiverReady(): void;
  /** Whether the running build has announced its receiver. */
  isReceiverReady(): boolean;
}

/** Messages whose latest value replaces any earlier one still held (state, not events). */
const SUPERSEDED_BY_LATEST: ReadonlySet<ShellToGameMethod> = new Set([SHELL_TO_GAME.allSettings, SHELL_TO_GAME.audioMuted, SHELL_TO_GAME.userData]);
/** More than any start-up sends; past it the oldest held message is dropped. */
export const HELD_LIMIT = 200;
export const RECEIVER_NOT_READY_NOTE = `TripShell: the game has not called window.${GAME_HOOKS.receiverReady}() yet; messages to it are held until it does (TripShell_ReceiverReady in the jslib, from WebBridge's Awake)`;

interface Held { method: ShellToGameMethod; key: string | null; value: string | undefined }

/** Host events that are a state (the latest one counts), not a moment (an ad, a room to join). */
const STATE_EVENTS: ReadonlySet<string> = new Set(['party', 'happyTime', 'chat', 'locale', 'storage']);

function heldKey(method: ShellToGameMethod, payload: unknown): string | null {
  if (SUPERSEDED_BY_LATEST.has(method)) return method;
  if (method === SHELL_TO_GAME.hostEvent && typeof payload === 'object' && payload !== null && 'type' in payload && STATE_EVENTS.has(String(payload.type))) return `${method}:${String(payload.type)}`;
  if (method === SHELL_TO_GAME.settingChanged && typeof payload === 'object' && payload !== null && 'name' in payload) return `${method}:${String(payload.name)}`;
  return null;
}

export function createGameLink(controller: LinkedController, log: Pick<Console, 'info'> = console): ShellGameLink {
  let announced = false;
  let held: Held[] = [];
  let noted = false;
  let lastStatus = controller.getState().status;

  const deliver = (method: string, value: string | undefined) => {
    if (value === undefined) controller.sendMessage(GAME_OBJECT, method);
    else controller.sendMessage(GAME_OBJECT, method, value);
  };
  const flush = () => {
    if (!announced || controller.getState().status !== 'loaded') return;
    const out = held;
    held = [];
    for (const message of out) deliver(message.method, message.value);
  };

  controller.subscribe(() => {
    const status = controller.getState().status;
    if (status === lastStatus) return;
    // A new attempt (mount, Retry) is a new build instance: it announces again, and what was held
    // for the old one is not for it (the shell sends the whole state again once it has loaded).
    if (status === 'loading' || status === 'idle') { announced = false; held = []; }
    lastStatus = status;
    flush();
  });

  return {
    send(method, ...payload) {
      const value = encodeGameArgument(payload[0]);
      if (controller.getState().status !== 'loaded' || announced) { deliver(method, value); return; }
      const key = heldKey(method, payload[0]);
      if (key !== null) held = held.filter((m) => m.key !== key);
      if (method === SHELL_TO_GAME.allSettings) held = held.filter((m) => m.method !== SHELL_TO_GAME.settingChanged);
      held.push({ method, key, value });
      if (held.length > HELD_LIMIT) held.shift();
      if (!noted) { noted = true; log.info(RECEIVER_NOT_READY_NOTE); }
    },
    status: () => controller.getState().status,
    subscribe: (listener) => controller.subscribe(listener),
    receiverReady() {
      announced = true;
      flush();
    },
    isReceiverReady: () => announced,
  };
}
