// The demo game's stand-in for a Unity build without our bridge.
import { describe, expect, it } from 'vitest';
import { announcesReceiver, callsCompletionHook } from '../../../demo-game/src/completion';

describe('the demo game and the completion hook', () => {
  it('calls it by default and not with ?demoGameHook=never', () => {
    expect(callsCompletionHook('')).toBe(true);
    expect(callsCompletionHook('?shellTestHooks=1')).toBe(true);
    expect(callsCompletionHook('?demoGameHook=always')).toBe(true);
    expect(callsCompletionHook('?demoGameHook=never')).toBe(false);
    expect(callsCompletionHook('?a=1&demoGameHook=never')).toBe(false);
  });

  it('announces our receiver unless it stands in for a build without our jslib (?demoGameHook=absent), which calls no hook either', () => {
    expect(announcesReceiver('')).toBe(true);
    expect(announcesReceiver('?demoGameHook=never')).toBe(true);
    expect(announcesReceiver('?demoGameHook=absent')).toBe(false);
    expect(callsCompletionHook('?demoGameHook=absent')).toBe(false);
  });
});
