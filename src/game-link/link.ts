// The typed interface everything else uses to reach the game (contract/game.ts, SHELL_TO_GAME).
// One is created at start-up (app/shellStart.ts) around the page's one game controller and injected:
// components read it from the GameLink context (context.tsx), machines and plain functions take
// it as a parameter. Tests pass a fake (tests/support/fakeGameLink.ts) and read what was sent.
//
// The link owns what the game has to know. A state message (the player, the settings, the mute,
// the host's state: party, chat, locale, storage, happy time) is kept here at its latest value
// and handed to every instance of the game once, when it is ready; so whoever holds a state sends
// it when it changes and never watches the game's status to send it again. A moment (an overlay
// closed, a bootstrap, an ad, a room to join) goes to the instance loading or running now.
//
// Ready means running (createUnityInstance resolved) and announced: nothing reaches a build before
// it exists (Unity warns "Unable to Send Message while Unity is not Instantiated") nor before it
// announced its receiver (window.tripShellReceiverReady, GAME_HOOKS.receiverReady): a build without
// WebBridge would log "SendMessage: object WebBridge not found!" for every message (inside Discord
// each line is a CAPTURE_LOG command).
import { GAME_HOOKS, GAME_OBJECT, SHELL_TO_GAME, encodeGameArgument, type ShellToGameMethod, type ShellToGamePayloads } from '../../contract/gameConstants';
import type { GameController, GameStatus } from './controller';

/** What the link needs of the controller. */
export type LinkedController = Pick<GameController, 'getState' | 'subscribe' | 'sendMessage'>;

export type PayloadArgs<M extends ShellToGameMethod> = ShellToGamePayloads[M] extends undefined ? [] : [payload: ShellToGamePayloads[M]];

export interface GameLink {
  /**
   * Sends one of the shell's messages to the game: at once to a ready instance; otherwise a
   * state is kept for the next ready instance, a moment held for the instance on its way (with no
   * instance on its way the wrapper warns and it is dropped).
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

/** Messages that are a state (the latest value is what the game must know), not a moment. */
const STATE_MESSAGES: ReadonlySet<ShellToGameMethod> = new Set([SHELL_TO_GAME.allSettings, SHELL_TO_GAME.audioMuted, SHELL_TO_GAME.userData]);
/** More moments than any start-up sends; past it the oldest held one is dropped. */
export const HELD_LIMIT = 200;
export const RECEIVER_NOT_READY_NOTE = `TripShell: the game has not called window.${GAME_HOOKS.receiverReady}() yet; messages to it are held until it does (TripShell_ReceiverReady in the jslib, from WebBridge's Awake)`;

interface Message { method: ShellToGameMethod; payload: unknown }

/** Host events that are a state (the latest one counts), not a moment (an ad, a room to join). */
const STATE_EVENTS: ReadonlySet<string> = new Set(['party', 'happyTime', 'chat', 'locale', 'storage', 'features']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key a state message is kept under, or null for a moment. */
export function stateKey(method: ShellToGameMethod, payload: unknown): string | null {
  if (STATE_MESSAGES.has(method)) return method;
  if (method === SHELL_TO_GAME.hostEvent && isRecord(payload) && STATE_EVENTS.has(String(payload.type))) return `${method}:${String(payload.type)}`;
  if (method === SHELL_TO_GAME.settingChanged && isRecord(payload) && typeof payload.name === 'string') return `${method}:${payload.name}`;
  return null;
}

/**
 * The game's state as the link keeps it: the latest value per key, in the order first set. A
 * single setting's change is folded into the whole settings object once there is one, so a new
 * instance hears the settings once (OnAllSettings), with every change since.
 */
function createGameState() {
  const entries = new Map<string, Message>();
  return {
    /** Records a message; returns whether it was a state. */
    record(method: ShellToGameMethod, payload: unknown): boolean {
      const key = stateKey(method, payload);
      if (key === null) return false;
      if (method === SHELL_TO_GAME.allSettings) {
        for (const k of [...entries.keys()]) if (k.startsWith(`${SHELL_TO_GAME.settingChanged}:`)) entries.delete(k);
      }
      const all = entries.get(SHELL_TO_GAME.allSettings);
      if (method === SHELL_TO_GAME.settingChanged && all && isRecord(all.payload) && isRecord(payload)) {
        entries.set(SHELL_TO_GAME.allSettings, { method: all.method, payload: { ...all.payload, [String(payload.name)]: payload.value } });
        return true;
      }
      entries.set(key, { method, payload });
      return true;
    },
    all: (): Message[] => [...entries.values()],
  };
}

export function createGameLink(controller: LinkedController, log: Pick<Console, 'info'> = console): ShellGameLink {
  const state = createGameState();
  let announced = false;
  /** The running instance has had the state and takes every message as it comes. */
  let ready = false;
  /** Moments for the instance on its way (or running, not announced yet), in order. */
  let held: Message[] = [];
  let noted = false;
  let lastStatus = controller.getState().status;

  const deliver = ({ method, payload }: Message) => {
    const value = encodeGameArgument(payload);
    if (value === undefined) controller.sendMessage(GAME_OBJECT, method);
    else controller.sendMessage(GAME_OBJECT, method, value);
  };
  /** Once the instance runs and has announced: the whole state once, then what waited for it. */
  const becomeReady = () => {
    if (ready || !announced || controller.getState().status !== 'loaded') return;
    ready = true;
    const moments = held;
    held = [];
    for (const message of state.all()) deliver(message);
    for (const message of moments) deliver(message);
  };

  controller.subscribe(() => {
    const status = controller.getState().status;
    if (status === lastStatus) return;
    lastStatus = status;
    if (status !== 'loaded') ready = false;
    // A new attempt (mount, Retry) is a new build instance: it announces again, and the moments
    // held for the old one are not for it (the state is: it gets it when it is ready).
    if (status === 'loading' || status === 'idle') { announced = false; held = []; }
    if (status === 'error') held = [];
    becomeReady();
  });

  return {
    send(method, ...payload) {
      const message: Message = { method, payload: payload[0] };
      const isState = state.record(method, message.payload);
      if (ready) { deliver(message); return; }
      const status = controller.getState().status;
      if (status === 'loaded' && !noted) { noted = true; log.info(RECEIVER_NOT_READY_NOTE); }
      if (isState) return; // handed over when an instance is ready
      if (status === 'loading' || status === 'loaded') {
        held.push(message);
        if (held.length > HELD_LIMIT) held.shift();
        return;
      }
      // No instance on its way: the wrapper warns, as it would on a bare page.
      deliver(message);
    },
    status: () => controller.getState().status,
    subscribe: (listener) => controller.subscribe(listener),
    receiverReady() {
      announced = true;
      becomeReady();
    },
    isReceiverReady: () => announced,
  };
}
