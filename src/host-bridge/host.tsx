// The host the page runs in, for features: which buttons and tabs to hide (known at once, from
// its definition in hosts/<name>/) and the adapter (login, CONNECT_WALLET), which arrives with
// its own chunk.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hostOf, type HostKind } from '../../hosts/list';
import type { HiddenUi, HostAdapter } from '../../hosts/types';

export interface HostInfo {
  kind: HostKind;
  isHidden(part: HiddenUi): boolean;
  /**
   * The host's own account when it is the player's (HostDefinition.account: CrazyGames): no Log
   * Out, password or Discord linking then, and sign-in names the host. Absent elsewhere.
   */
  accountName?: string;
  /** A host where the player plays as a guest, by its rules (HostDefinition.guestOnly: Poki): no sign-in is offered. */
  guestOnlyName?: string;
  /** null until the adapter's chunk has loaded. */
  adapter: HostAdapter | null;
}

const HostContext = createContext<HostInfo>({ kind: 'web', isHidden: () => false, adapter: null });

export function HostProvider({ kind, adapter, children }: { kind: HostKind; adapter: Promise<HostAdapter>; children: ReactNode }) {
  const [loaded, setLoaded] = useState<HostAdapter | null>(null);
  useEffect(() => {
    let active = true;
    adapter.then((a) => { if (active) setLoaded(a); }, () => undefined);
    return () => { active = false; };
  }, [adapter]);
  const info = useMemo<HostInfo>(() => {
    const { hidden, account, guestOnly } = hostOf(kind);
    return {
      kind, isHidden: (part) => hidden.has(part), adapter: loaded,
      ...(account ? { accountName: account.name } : {}), ...(guestOnly ? { guestOnlyName: guestOnly.name } : {}),
    };
  }, [kind, loaded]);
  return <HostContext.Provider value={info}>{children}</HostContext.Provider>;
}

export function useHost(): HostInfo {
  return useContext(HostContext);
}
