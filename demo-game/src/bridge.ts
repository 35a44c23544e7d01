// What the game does with each SendMessage from the shell (contract/game.ts SHELL_TO_GAME).
// Pure: returns the HUD line and the effect; game.ts applies it. Every message, known or not,
// is also recorded so end-to-end tests can see what arrived.
import { z } from 'zod';
import { SHELL_TO_GAME } from '../../contract/game';
import { describeHostEvent, readHostEvent } from './host';
import type { HostEvent } from '../../contract/game';
import { describeSettingValue, parseSettingChange } from './settings';

export type ShellEffect =
  | { kind: 'setting'; name: string; value: unknown }
  | { kind: 'allSettings'; value: unknown }
  | { kind: 'user'; username: string }
  | { kind: 'bootstrap' }
  | { kind: 'audio'; muted: boolean }
  | { kind: 'host'; event: HostEvent }
  | { kind: 'none' };

export interface ShellMessageOutcome {
  line: string;
  effect: ShellEffect;
}

const UserData = z.object({ username: z.string().min(1).max(100) }).loose();
const ItemData = z.object({ itemUuid: z.string().min(1).max(100) }).loose();
const BuySuccess = z.object({ quantity: z.number().int().positive(), crateVersionId: z.number().int().nonnegative() }).loose();

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function interpretShellMessage(method: string, value: unknown): ShellMessageOutcome {
  switch (method) {
    case SHELL_TO_GAME.settingChanged: {
      const change = parseSettingChange(value);
      if (!change) return { line: 'Setting change ignored (malformed)', effect: { kind: 'none' } };
      return { line: `Setting ${change.name} = ${describeSettingValue(change.value)}`, effect: { kind: 'setting', ...change } };
    }
    case SHELL_TO_GAME.allSettings:
      return { line: 'All settings received', effect: { kind: 'allSettings', value } };
    case SHELL_TO_GAME.settingsClosed:
      return { line: 'Settings closed', effect: { kind: 'none' } };
    case SHELL_TO_GAME.bootstrap:
      return { line: 'Bootstrap: player re-initialised', effect: { kind: 'bootstrap' } };
    case SHELL_TO_GAME.userData: {
      const user = UserData.safeParse(json(value));
      if (!user.success) return { line: 'User data ignored (malformed)', effect: { kind: 'none' } };
      return { line: `Playing as ${user.data.username}`, effect: { kind: 'user', username: user.data.username } };
    }
    case SHELL_TO_GAME.refreshMarketplace:
      return { line: 'Marketplace refreshed', effect: { kind: 'none' } };
    case SHELL_TO_GAME.itemData: {
      const item = ItemData.safeParse(json(value));
      return { line: item.success ? `Item data requested: ${item.data.itemUuid}` : 'Item data ignored (malformed)', effect: { kind: 'none' } };
    }
    case SHELL_TO_GAME.buySuccess: {
      const buy = BuySuccess.safeParse(json(value));
      return { line: buy.success ? `Purchase: ${buy.data.quantity} x crate ${buy.data.crateVersionId}` : 'Purchase message ignored (malformed)', effect: { kind: 'none' } };
    }
    case SHELL_TO_GAME.audioMuted: {
      // The demo has no sound; it keeps the flag so tests (and the HUD) can see it arrived.
      const muted = json(value);
      if (typeof muted !== 'boolean') return { line: 'Audio message ignored (malformed)', effect: { kind: 'none' } };
      return { line: muted ? 'Audio muted by the host' : 'Audio unmuted by the host', effect: { kind: 'audio', muted } };
    }
    case SHELL_TO_GAME.hostEvent: {
      const event = readHostEvent(value);
      if (!event) return { line: 'Host event ignored (malformed)', effect: { kind: 'none' } };
      return { line: describeHostEvent(event), effect: { kind: 'host', event } };
    }
    case SHELL_TO_GAME.overlayClosed:
      return { line: `Overlay closed: ${typeof value === 'string' && value !== '' ? describeSettingValue(value) : 'unknown'}`, effect: { kind: 'none' } };
    default:
      return { line: `Unknown message ${describeSettingValue(method)}`, effect: { kind: 'none' } };
  }
}
