import { describe, expect, it } from 'vitest';
import { backTarget, canGoBack, initialProfileNav, profileNav, shownProfile, type ProfileNavEvent, type ProfileNavState } from '../../../machines/profile-navigation';

const run = (events: ProfileNavEvent[], from: ProfileNavState = initialProfileNav()) => events.reduce(profileNav, from);
const ME = 'me-uuid';

describe('profile navigation', () => {
  it('shows the logged-in player once known, with nothing to go back to', () => {
    const start = initialProfileNav();
    expect(shownProfile(start)).toBeNull();
    const known = run([{ type: 'self.known', uuid: ME }]);
    expect(shownProfile(known)).toBe(ME);
    expect(canGoBack(known)).toBe(false);
  });

  it('pushes the previous profile on each navigation and pops it on goBack, ending at the source', () => {
    const deep = run([
      { type: 'self.known', uuid: ME },
      { type: 'navigateToProfile', uuid: 'a' },
      { type: 'navigateToProfile', uuid: 'b' },
      { type: 'navigateToProfile', uuid: 'c' },
    ]);
    expect(shownProfile(deep)).toBe('c');
    expect(deep.history).toEqual([{ kind: 'source', source: 'profile' }, { kind: 'profile', uuid: 'a' }, { kind: 'profile', uuid: 'b' }]);
    const once = profileNav(deep, { type: 'goBack' });
    expect(shownProfile(once)).toBe('b');
    const twice = profileNav(once, { type: 'goBack' });
    expect(shownProfile(twice)).toBe('a');
    expect(backTarget(twice)).toEqual({ kind: 'source', source: 'profile' });
    const atSource = profileNav(twice, { type: 'goBack' });
    expect(atSource.viewing).toBeNull();
    expect(atSource.history).toEqual([]);
    expect(atSource.screen).toBe('profile');
    expect(shownProfile(atSource)).toBe(ME);
    expect(profileNav(atSource, { type: 'goBack' })).toBe(atSource);
  });

  it('resets the history when navigating from a source route, and returns to that source', () => {
    const viaFriends = run([
      { type: 'self.known', uuid: ME },
      { type: 'navigateToProfile', uuid: 'a' },
      { type: 'navigateToProfile', uuid: 'b' },
      { type: 'navigateToProfile', uuid: 'x', from: 'friends' },
    ]);
    expect(viaFriends.history).toEqual([{ kind: 'source', source: 'friends' }]);
    const back = profileNav(viaFriends, { type: 'goBack' });
    expect(back).toMatchObject({ viewing: null, history: [], screen: 'friends' });
  });

  it('ignores navigating to the profile already shown, and to your own from your own page', () => {
    const a = run([{ type: 'self.known', uuid: ME }, { type: 'navigateToProfile', uuid: 'a' }]);
    expect(profileNav(a, { type: 'navigateToProfile', uuid: 'a' })).toBe(a);
    const own = run([{ type: 'self.known', uuid: ME }, { type: 'navigateToProfile', uuid: ME }]);
    expect(own.viewing).toBeNull();
    expect(canGoBack(own)).toBe(false);
  });

  it('keeps a profile opened before the logged-in player was known', () => {
    const early = run([{ type: 'navigateToProfile', uuid: 'a' }, { type: 'self.known', uuid: ME }]);
    expect(early).toMatchObject({ self: ME, viewing: 'a', history: [{ kind: 'source', source: 'profile' }] });
    expect(shownProfile(profileNav(early, { type: 'goBack' }))).toBe(ME);
    const ownEarly = run([{ type: 'navigateToProfile', uuid: ME }, { type: 'self.known', uuid: ME }]);
    expect(ownEarly).toMatchObject({ self: ME, viewing: null, history: [] });
  });

  it('forgets the way back when another player logs in', () => {
    const a = run([{ type: 'self.known', uuid: ME }, { type: 'navigateToProfile', uuid: 'a' }]);
    const other = profileNav(a, { type: 'self.known', uuid: 'other' });
    expect(other).toMatchObject({ self: 'other', viewing: null, history: [] });
    expect(profileNav(other, { type: 'self.known', uuid: 'other' })).toBe(other);
  });
});
