// Assigning a key: a key bound elsewhere waits as a conflict answered with
// Swap (the other action takes the old key) or Cancel; the one-key-one-action rule itself is tests/unit/settings-keys.test.tsx.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY, type KeyBindings } from '../../../contract/keys';
import { initialKeyBindingState, keyBindingStep, type KeyBindingState } from '../../../machines/key-binding';

const bindings: KeyBindings = { ...DEFAULT_KEY_BINDINGS };

describe('key binding conflicts: Swap or Cancel', () => {
  it('a free key is saved at once; a key bound elsewhere waits, unsaved, with both actions and the old key', () => {
    expect(keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action: 'jump', code: KEY.UpArrow }, bindings, 'hold'))
      .toEqual({ state: { conflict: null }, save: { ...bindings, jump: KEY.UpArrow } });
    const step = keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action: 'jump', code: KEY.A }, bindings, 'hold');
    expect(step).toEqual({ state: { conflict: { action: 'jump', code: KEY.A, other: 'moveLeft', previous: KEY.Space } }, save: null });
  });

  it('Swap gives the action the key and the other action the action\'s old key', () => {
    const waiting = keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action: 'jump', code: KEY.A }, bindings, 'hold').state;
    const step = keyBindingStep(waiting, { type: 'SWAP' }, bindings, 'hold');
    expect(step.state.conflict).toBeNull();
    expect(step.save).toEqual({ ...bindings, jump: KEY.A, moveLeft: KEY.Space });
  });

  it('Swap from an unbound action leaves the other action unbound', () => {
    const from = { ...bindings, jump: 0 };
    const waiting = keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action: 'jump', code: KEY.W }, from, 'hold').state;
    expect(waiting.conflict?.previous).toBe(0);
    expect(keyBindingStep(waiting, { type: 'SWAP' }, from, 'hold').save).toEqual({ ...from, jump: KEY.W, moveForward: 0 });
  });

  it('Cancel, Reset and a later assignment drop the conflict and save nothing of it', () => {
    const waiting = keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action: 'jump', code: KEY.A }, bindings, 'hold').state;
    expect(keyBindingStep(waiting, { type: 'CANCEL' }, bindings, 'hold')).toEqual({ state: { conflict: null }, save: null });
    expect(keyBindingStep(waiting, { type: 'RESET' }, bindings, 'hold')).toEqual({ state: { conflict: null }, save: null });
    expect(keyBindingStep(waiting, { type: 'ASSIGN', action: 'reload', code: KEY.T }, bindings, 'hold'))
      .toEqual({ state: { conflict: null }, save: { ...bindings, reload: KEY.T } });
    expect(keyBindingStep(initialKeyBindingState, { type: 'SWAP' }, bindings, 'hold')).toEqual({ state: initialKeyBindingState, save: null });
  });

  it('Swap works on the bindings as they are when answered: the key freed meanwhile is simply taken, a new holder swaps', () => {
    const waiting: KeyBindingState = { conflict: { action: 'jump', code: KEY.A, other: 'moveLeft', previous: KEY.Space } };
    const freed = { ...bindings, moveLeft: KEY.Z };
    expect(keyBindingStep(waiting, { type: 'SWAP' }, freed, 'hold').save).toEqual({ ...freed, jump: KEY.A });
    const moved = { ...bindings, moveLeft: KEY.Z, reload: KEY.A };
    expect(keyBindingStep(waiting, { type: 'SWAP' }, moved, 'hold').save).toEqual({ ...moved, jump: KEY.A, reload: KEY.Space });
  });

  it('every swap leaves one action per key (sprint shares only in doubleTap)', () => {
    for (const sprintMode of ['hold', 'toggle', 'doubleTap'] as const) {
      for (const [action, from] of Object.entries(bindings)) {
        for (const code of Object.values(bindings)) {
          const waiting = keyBindingStep(initialKeyBindingState, { type: 'ASSIGN', action, code }, bindings, sprintMode).state;
          if (!waiting.conflict) continue;
          const saved = keyBindingStep(waiting, { type: 'SWAP' }, bindings, sprintMode).save!;
          expect(saved[action]).toBe(code);
          expect(saved[waiting.conflict.other]).toBe(from);
          const keys = Object.entries(saved).filter(([name, key]) => key !== 0 && !(sprintMode === 'doubleTap' && name === 'sprint')).map(([, key]) => key);
          expect(new Set(keys).size, `${sprintMode} ${action}=${code}`).toBe(keys.length);
        }
      }
    }
  });
});
