// The Unity side of the contract (unity/): TripShell.jslib evaluated the way Unity's build
// does (mergeInto(LibraryManager.library, {...})) with stand-ins for the Emscripten helpers, and
// WebBridge.cs read as text. Both are held to contract/game.ts: every hook the game calls on
// window, every trigger the game posts, every SendMessage the shell sends, and the host API
// (contract/hostApi.ts): a call, a value field or an event type of the contract that the jslib or
// the C# side lacks fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  GAME_HOOKS, GAME_OBJECT, GameMessage, HOST_ANSWER_METHOD, HOST_CALLS, HostCallValueSchemas, HostCapabilitiesSchema, HostEventSchema, HostLeaderboardEntrySchema, HostProductSchema,
  parseGameMessage, parseHostCall, PartyMemberSchema, PartySchema, SHELL_TO_GAME, type HostCallName, type ShellToGamePayloads,
} from '../../contract/game';

const JSLIB = readFileSync('unity/Plugins/WebGL/TripShell.jslib', 'utf8');
const CSHARP = readFileSync('unity/Scripts/WebBridge.cs', 'utf8');

type LibFn = (...args: number[]) => unknown;

/** Evaluates the .jslib with a stand-in LibraryManager and string "pointers" into a fake heap. */
function loadJslib() {
  const heap = new Map<number, string>();
  let next = 8;
  const ptr = (text: string) => { next += 8; heap.set(next, text); return next; };
  const hooks: Record<string, ReturnType<typeof vi.fn>> = {};
  for (const name of Object.values(GAME_HOOKS)) hooks[name] = vi.fn();
  const win = { ...hooks, postMessage: vi.fn(), location: { origin: 'https://game.example' } };
  const sendMessage = vi.fn();
  const warn = vi.fn();
  const LibraryManager = { library: {} as Record<string, unknown> };
  const mergeInto = (target: Record<string, unknown>, source: Record<string, unknown>) => { Object.assign(target, source); };
  const UTF8ToString = (p: number) => { const s = heap.get(p); if (s === undefined) throw new Error(`no string at ${p}`); return s; };
  new Function('LibraryManager', 'mergeInto', 'UTF8ToString', 'SendMessage', 'window', 'console', JSLIB)(
    LibraryManager, mergeInto, UTF8ToString, sendMessage, win, { warn, log: vi.fn(), error: vi.fn() },
  );
  const lib = LibraryManager.library as Record<string, LibFn>;
  return { lib, ptr, win, hooks, sendMessage, warn };
}

/** How the game reaches each hook through the plugin, and what the hook must receive. */
const HOOK_CALLS: { [K in keyof typeof GAME_HOOKS]: { fn: string; args: (ptr: (s: string) => number) => number[]; expected: unknown[] } } = {
  loadingComplete: { fn: 'TripShell_LoadingComplete', args: () => [], expected: [] },
  showSettings: { fn: 'TripShell_ShowSettings', args: (p) => [p('controls')], expected: ['controls'] },
  showProfile: { fn: 'TripShell_ShowProfile', args: (p) => [p('player-uuid-1')], expected: ['player-uuid-1'] },
  showReleaseLogs: { fn: 'TripShell_ShowReleaseLogs', args: () => [], expected: [] },
  showLevelProgress: { fn: 'TripShell_ShowLevelProgress', args: () => [], expected: [] },
  hideOverlay: { fn: 'TripShell_HideOverlay', args: () => [], expected: [] },
  requestBotCheckToken: { fn: 'TripShell_RequestBotCheckToken', args: () => [], expected: [] },
  dispatchEvent: { fn: 'TripShell_DispatchEvent', args: (p) => [p('matchEnded'), p('[3,"win"]')], expected: ['matchEnded', 3, 'win'] },
  receiverReady: { fn: 'TripShell_ReceiverReady', args: () => [], expected: [] },
  hostCall: { fn: 'TripShell_HostCall', args: (p) => [p('req-1'), p('{"call":"capabilities"}')], expected: [{ call: 'capabilities' }] },
};

/** C# source without comments, for reading declarations. */
const code = CSHARP.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/\/? .*$/gm, '');

describe('TripShell.jslib', () => {
  it('offers a function for every hook of contract/game.ts, and each reaches its window hook', () => {
    const { lib, ptr, hooks, warn } = loadJslib();
    for (const [key, call] of Object.entries(HOOK_CALLS)) {
      const hook = GAME_HOOKS[key as keyof typeof GAME_HOOKS];
      expect(typeof lib[call.fn], call.fn).toBe('function');
      lib[call.fn]?.(...call.args(ptr));
      expect(hooks[hook], `${call.fn} -> window.${hook}`).toHaveBeenCalledWith(...call.expected);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('opens the default settings section and the own profile when given no argument', () => {
    const { lib, hooks } = loadJslib();
    lib.TripShell_ShowSettings?.(0);
    lib.TripShell_ShowProfile?.(0);
    expect(hooks[GAME_HOOKS.showSettings]).toHaveBeenCalledWith();
    expect(hooks[GAME_HOOKS.showProfile]).toHaveBeenCalledWith();
  });

  it('hands the bot-check token (or the failure) back to the WebBridge object', async () => {
    const { lib, hooks, sendMessage } = loadJslib();
    hooks[GAME_HOOKS.requestBotCheckToken]?.mockResolvedValueOnce('token-abc').mockRejectedValueOnce(new Error('no widget'));
    lib.TripShell_RequestBotCheckToken?.();
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledWith(GAME_OBJECT, 'OnBotCheckToken', 'token-abc'));
    lib.TripShell_RequestBotCheckToken?.();
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledWith(GAME_OBJECT, 'OnBotCheckTokenFailed', 'no widget'));
  });

  it('posts triggers to its own window and origin, and drops text that is not JSON', () => {
    const { lib, ptr, win, warn } = loadJslib();
    lib.TripShell_PostMessage?.(ptr('{"type":"SHOW_CRATE_SHOP_MODAL","crateVersionId":1}'));
    expect(win.postMessage).toHaveBeenCalledWith({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 1 }, 'https://game.example');
    lib.TripShell_PostMessage?.(ptr('SHOW_SORRY_POPUP'));
    expect(win.postMessage).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warns instead of throwing outside the shell (no hooks on window)', () => {
    const { lib, ptr, win, warn } = loadJslib();
    for (const name of Object.values(GAME_HOOKS)) delete (win as Record<string, unknown>)[name];
    for (const call of Object.values(HOOK_CALLS)) expect(() => lib[call.fn]?.(...call.args(ptr))).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });

  it('declares in C# exactly the functions the plugin defines', () => {
    const { lib } = loadJslib();
    const externs = [...code.matchAll(/static\s+extern\s+\w+\s+(\w+)\s*\(/g)].map((m) => m[1]).sort();
    expect(externs).toEqual(Object.keys(lib).sort());
  });
});

/** SHELL_TO_GAME methods the shell calls with no argument (ShowToGamePayloads says undefined). */
type NoArgument = { [K in keyof ShellToGamePayloads]: undefined extends ShellToGamePayloads[K] ? K : never }[keyof ShellToGamePayloads];
const NO_ARGUMENT = [SHELL_TO_GAME.settingsClosed, SHELL_TO_GAME.bootstrap, SHELL_TO_GAME.refreshMarketplace] as const satisfies readonly NoArgument[];
// A new argument-less message that is not listed above fails the type check here.
const everyNoArgumentListed: [Exclude<NoArgument, (typeof NO_ARGUMENT)[number]>] extends [never] ? true : false = true;

describe('WebBridge.cs', () => {
  const receivers = new Map([...code.matchAll(/public\s+void\s+(\w+)\s*\(([^)]*)\)/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));

  it('announces its receiver once, from Awake, after it became the one instance', () => {
    const awake = /void\s+Awake\s*\(\)\s*\{([\s\S]*?)\n {4}\}/.exec(code)?.[1] ?? '';
    expect(awake.match(/TripShell_ReceiverReady\(\)/g)).toHaveLength(1);
    expect(awake.indexOf('TripShell_ReceiverReady()')).toBeGreaterThan(awake.indexOf('Instance = this'));
    expect(code.match(/^\s*TripShell_ReceiverReady\(\);/gm)).toHaveLength(1); // called nowhere else
  });

  it('is a MonoBehaviour on the GameObject the shell sends to', () => {
    expect(everyNoArgumentListed).toBe(true);
    expect(code).toMatch(/class\s+WebBridge\s*:\s*MonoBehaviour/);
    expect(code).toContain(`GameObjectName = "${GAME_OBJECT}"`);
  });

  it('has a public receiver for every message the shell can send, taking a string exactly when one is sent', () => {
    for (const method of Object.values(SHELL_TO_GAME)) {
      expect(receivers.has(method), `public void ${method}(...)`).toBe(true);
      const params = receivers.get(method);
      if ((NO_ARGUMENT as readonly string[]).includes(method)) expect(params, method).toBe('');
      else expect(params, method).toMatch(/^string\s+\w+$/);
    }
    // and the answers of the bot-check request
    expect(receivers.get('OnBotCheckToken')).toMatch(/^string\s+\w+$/);
    expect(receivers.get('OnBotCheckTokenFailed')).toMatch(/^string\s+\w+$/);
  });

  it('has a helper for every trigger the game posts, and the complete ones parse as the contract says', () => {
    const types = GameMessage.options.map((o) => o.shape.type.value);
    for (const type of types) expect(CSHARP, type).toContain(`\\"type\\":\\"${type}\\"`);
    const literals = [...code.matchAll(/Post\("((?:[^"\\]|\\.)*)"\)/g)].map((m) => JSON.parse(`"${m[1] ?? ''}"`) as string);
    expect(literals.length).toBeGreaterThanOrEqual(5);
    for (const literal of literals) expect(parseGameMessage(JSON.parse(literal)), literal).not.toBeNull();
  });
});

// ---- the host API ----

/** The C# result class of each call's `value` (HostCallValues in contract/hostApi.ts). */
const VALUE_CLASSES: { [C in HostCallName]: string } = {
  capabilities: 'HostCapabilities', invite: 'InviteResult', party: 'PartyInfo', setPresence: 'PresenceResult',
  showAd: 'AdResult', locale: 'LocaleResult', happyTime: 'HappyTimeResult', products: 'ProductsResult', purchase: 'PurchaseResult',
  gameplay: 'GameplayResult',
  leaderboard: 'LeaderboardResult',
};
/** The public fields of a [Serializable] C# class (JsonUtility reads and writes exactly these). */
function fieldsOf(className: string): string[] {
  const body = new RegExp(`class\\s+${className}(?:<\\w+>)?\\s*\\{([^}]*)\\}`).exec(code)?.[1];
  if (body === undefined) return [];
  return [...body.matchAll(/public\s+[\w[\]<>]+\s+(\w+)\s*;/g)].map((m) => m[1] ?? '');
}
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** The JSON a C# call helper builds: its string literals joined, C# escapes undone. */
function requestOf(method: string): string {
  const body = new RegExp(`public\\s+static\\s+void\\s+${method}\\s*\\(([\\s\\S]*?)\\n    (?:public|private|\\[|//|#)`).exec(code)?.[1] ?? '';
  return body;
}

describe('the host API on the Unity side', () => {
  it('TripShell_HostCall hands the parsed request to window.tripHostCall and the answer, with its request id, to WebBridge.OnHostAnswer', async () => {
    const { lib, ptr, hooks, sendMessage } = loadJslib();
    hooks[GAME_HOOKS.hostCall]?.mockResolvedValueOnce({ status: 'done', value: { roomId: 'r-1', via: 'dialog' } });
    lib.TripShell_HostCall?.(ptr('h7'), ptr('{"call":"invite","roomId":"r-1"}'));
    expect(hooks[GAME_HOOKS.hostCall]).toHaveBeenCalledWith({ call: 'invite', roomId: 'r-1' });
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(1));
    const [object, method, json] = sendMessage.mock.calls[0] as [string, string, string];
    expect([object, method]).toEqual([GAME_OBJECT, HOST_ANSWER_METHOD]);
    expect(JSON.parse(json)).toEqual({ requestId: 'h7', status: 'done', value: { roomId: 'r-1', via: 'dialog' } });
    expect(code).toMatch(new RegExp(`public\\s+void\\s+${HOST_ANSWER_METHOD}\\s*\\(\\s*string\\s+\\w+\\s*\\)`));
  });

  it('answers every call exactly once, unavailable with a reason, without the shell, when the hook throws or rejects, and passes text that is not JSON on for the shell to name', async () => {
    const { lib, ptr, win, hooks, sendMessage } = loadJslib();
    hooks[GAME_HOOKS.hostCall]?.mockImplementationOnce(() => { throw new Error('boom'); }).mockRejectedValueOnce(new Error('gone'));
    lib.TripShell_HostCall?.(ptr('a'), ptr('{"call":"party"}'));
    lib.TripShell_HostCall?.(ptr('b'), ptr('{"call":"party"}'));
    lib.TripShell_HostCall?.(ptr('c'), ptr('not json'));
    expect(hooks[GAME_HOOKS.hostCall]).toHaveBeenLastCalledWith('not json');
    expect(parseHostCall('not json')).toEqual({ ok: false, reason: expect.stringContaining('not JSON') });
    delete (win as Record<string, unknown>)[GAME_HOOKS.hostCall];
    lib.TripShell_HostCall?.(ptr('d'), ptr('{"call":"locale"}'));
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(4));
    const answers = sendMessage.mock.calls.map((c) => JSON.parse(String(c[2])) as { requestId: string; status: string; reason?: string });
    expect(answers.map((a) => a.requestId).sort()).toEqual(['a', 'b', 'c', 'd']);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'unavailable', reason: expect.any(String) });
    expect(answers.find((a) => a.requestId === 'a')?.reason).toBe('boom');
    expect(answers.find((a) => a.requestId === 'd')?.reason).toContain(GAME_HOOKS.hostCall);
  });

  it('WebBridge.cs has a typed call for every host call, sending that call by name', () => {
    for (const call of HOST_CALLS) {
      const method = call === 'capabilities' ? 'Capabilities' : pascal(call);
      expect(code, `public static void ${method}(...)`).toMatch(new RegExp(`public\\s+static\\s+void\\s+${method}\\s*\\(`));
      expect(requestOf(method), `${method} sends {"call":"${call}"}`).toContain(`\\"call\\":\\"${call}\\"`);
    }
  });

  it('WebBridge.cs reads every field of every call\'s value, every capability and every party member field', () => {
    for (const call of HOST_CALLS) {
      const schema = HostCallValueSchemas[call];
      const fields = fieldsOf(VALUE_CLASSES[call]);
      expect(fields.length, VALUE_CLASSES[call]).toBeGreaterThan(0);
      for (const key of Object.keys(schema.shape)) expect(fields, `${VALUE_CLASSES[call]}.${key}`).toContain(key);
    }
    expect(fieldsOf('HostCapabilities').sort()).toEqual(Object.keys(HostCapabilitiesSchema.shape).sort());
    expect(fieldsOf('PartyMember').sort()).toEqual(Object.keys(PartyMemberSchema.shape).sort());
    expect(fieldsOf('PartyInfo').sort()).toEqual(Object.keys(PartySchema.shape).sort());
    expect(fieldsOf('HostResult')).toEqual(expect.arrayContaining(['status', 'reason', 'value']));
    expect(fieldsOf('HostProduct').sort()).toEqual(Object.keys(HostProductSchema.shape).sort());
    expect(fieldsOf('LeaderboardEntry').sort()).toEqual(Object.keys(HostLeaderboardEntrySchema.shape).sort());
  });

  it('WebBridge.OnHostEvent knows every event type and reads every field any event has', () => {
    const options = HostEventSchema.options;
    const handler = /public\s+void\s+OnHostEvent\s*\(\s*string\s+\w+\s*\)\s*\{([\s\S]*?)\n {4}\}/.exec(code)?.[1] ?? '';
    const fields = fieldsOf('HostEventData');
    for (const option of options) {
      const type = option.shape.type.value;
      expect(handler, `case "${type}"`).toContain(`case "${type}":`);
      for (const key of Object.keys(option.shape)) expect(fields, `HostEventData.${key} (${type})`).toContain(key);
    }
  });
});
