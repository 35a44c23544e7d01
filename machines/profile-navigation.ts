// Profile navigation: which profile
// is on screen and the way back. The uuid starts as the logged-in player's once known.
// Navigating from a source screen (the player's own profile page, friends or messages) resets
// the history to that screen's marker; navigating from a viewed profile pushes that profile.
// Going back pops one entry; popping the source marker returns to the source screen and
// clears the state. Pure: the overlay keeps the state, this only computes the next one.

export const PROFILE_SOURCES = ['profile', 'friends', 'messages'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

export type HistoryEntry = { kind: 'source'; source: ProfileSource } | { kind: 'profile'; uuid: string };

export interface ProfileNavState {
  /** The player whose profile the source screen shows (the logged-in player), once known. */
  self: string | null;
  /** The profile being viewed away from the source screen; null on the source screen. */
  viewing: string | null;
  history: readonly HistoryEntry[];
  /** The source screen shown when `viewing` is null. */
  screen: ProfileSource;
}

export type ProfileNavEvent =
  | { type: 'self.known'; uuid: string | null }
  | { type: 'navigateToProfile'; uuid: string; from?: ProfileSource }
  | { type: 'goBack' };

export const initialProfileNav = (screen: ProfileSource = 'profile'): ProfileNavState => ({ self: null, viewing: null, history: [], screen });

/** The uuid whose profile is on screen (null while the logged-in player is not known yet). */
export function shownProfile(state: ProfileNavState): string | null {
  return state.viewing ?? state.self;
}

export function canGoBack(state: ProfileNavState): boolean {
  return state.history.length > 0;
}

/** Where goBack leads: a profile uuid, or the source screen (the last entry). */
export function backTarget(state: ProfileNavState): HistoryEntry | null {
  return state.history.at(-1) ?? null;
}

export function profileNav(state: ProfileNavState, event: ProfileNavEvent): ProfileNavState {
  switch (event.type) {
    case 'self.known':
      if (state.self === event.uuid) return state;
      // First known: keep what was opened meanwhile. A different player logged in: what the
      // old one had open means nothing to them.
      if (state.self === null) return state.viewing === event.uuid ? { ...state, self: event.uuid, viewing: null, history: [] } : { ...state, self: event.uuid };
      return { ...initialProfileNav(state.screen), self: event.uuid };
    case 'navigateToProfile': {
      const target = event.uuid;
      if (event.from !== undefined || state.viewing === null) {
        // From a source screen: the history restarts at that screen's marker.
        const source = event.from ?? state.screen;
        if (target === state.self && source === 'profile') return { ...state, viewing: null, history: [], screen: source };
        return { ...state, viewing: target, history: [{ kind: 'source', source }], screen: source };
      }
      if (target === state.viewing) return state;
      return { ...state, viewing: target, history: [...state.history, { kind: 'profile', uuid: state.viewing }] };
    }
    case 'goBack': {
      const last = state.history.at(-1);
      if (!last) return state;
      if (last.kind === 'source') return { ...state, viewing: null, history: [], screen: last.source };
      return { ...state, viewing: last.uuid, history: state.history.slice(0, -1) };
    }
  }
}
