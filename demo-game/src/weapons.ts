// Just enough of a weapon for the fire, aim, reload, weapon-switch and inspect bindings to do
// something a person (and a test) can see: ammo counts, a reload timer, a recoil kick.

export type WeaponSlot = 'primary' | 'secondary';

export const WEAPONS: Record<WeaponSlot, { name: string; magazine: number; reloadSeconds: number }> = {
  primary: { name: 'Rifle', magazine: 30, reloadSeconds: 1.4 },
  secondary: { name: 'Pistol', magazine: 12, reloadSeconds: 0.9 },
};

export interface WeaponState {
  slot: WeaponSlot;
  ammo: Record<WeaponSlot, number>;
  /** Seconds until the reload finishes; 0 when not reloading. */
  reloading: number;
  /** Seconds of inspect animation left. */
  inspecting: number;
  /** Recoil kick, decays to 0. */
  recoil: number;
  shots: number;
}

export const INITIAL_WEAPONS: WeaponState = {
  slot: 'primary',
  ammo: { primary: WEAPONS.primary.magazine, secondary: WEAPONS.secondary.magazine },
  reloading: 0,
  inspecting: 0,
  recoil: 0,
  shots: 0,
};

export type WeaponAction = 'fire' | 'reload' | 'primaryWeapon' | 'secondaryWeapon' | 'inspectWeapon';

export function isWeaponAction(action: string): action is WeaponAction {
  return action === 'fire' || action === 'reload' || action === 'primaryWeapon' || action === 'secondaryWeapon' || action === 'inspectWeapon';
}

/** Applies one press; returns the new state and a HUD line when something worth saying happened. */
export function weaponPress(state: WeaponState, action: WeaponAction): { state: WeaponState; line?: string } {
  const weapon = WEAPONS[state.slot];
  switch (action) {
    case 'fire': {
      if (state.reloading > 0) return { state };
      const left = state.ammo[state.slot];
      if (left <= 0) return { state, line: `${weapon.name} empty: reload` };
      return { state: { ...state, ammo: { ...state.ammo, [state.slot]: left - 1 }, recoil: 1, shots: state.shots + 1, inspecting: 0 } };
    }
    case 'reload':
      if (state.reloading > 0 || state.ammo[state.slot] === weapon.magazine) return { state };
      return { state: { ...state, reloading: weapon.reloadSeconds, inspecting: 0 }, line: `Reloading ${weapon.name}` };
    case 'primaryWeapon':
    case 'secondaryWeapon': {
      const slot: WeaponSlot = action === 'primaryWeapon' ? 'primary' : 'secondary';
      if (slot === state.slot) return { state };
      return { state: { ...state, slot, reloading: 0, inspecting: 0 }, line: `Switched to ${WEAPONS[slot].name}` };
    }
    case 'inspectWeapon':
      return { state: { ...state, inspecting: 1.5 }, line: `Inspecting ${weapon.name}` };
  }
}

export function weaponTick(state: WeaponState, dt: number): WeaponState {
  if (state.reloading === 0 && state.inspecting === 0 && state.recoil === 0) return state;
  const reloading = Math.max(0, state.reloading - dt);
  const ammo = state.reloading > 0 && reloading === 0 ? { ...state.ammo, [state.slot]: WEAPONS[state.slot].magazine } : state.ammo;
  return { ...state, ammo, reloading, inspecting: Math.max(0, state.inspecting - dt), recoil: Math.max(0, state.recoil - dt * 8) };
}
