// The host the page runs in, for features: which buttons and tabs to hide (known at once, from
// its definition in hosts/<name>/) and the adapter (login, CONNECT_WALLET), which arrives with
// its own chunk.
import { Text } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hostOf, type HostKind } from '../../hosts/list';
import { t } from '../i18n';
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

/**
 * The one rule for every Log In, Create Account and "log in to ..." text: a host whose rules keep
 * every player a guest (Poki) offers no sign-in, so none is shown there, nor any text promising an
 * account; everywhere else (the portal's own sign-in included) it is offered.
 */
export function offersSignIn(host: Pick<HostInfo, 'guestOnlyName'>): boolean {
  return host.guestOnlyName === undefined;
}

export function useOffersSignIn(): boolean {
  return offersSignIn(useHost());
}

/**
 * A sign-in offer (its "log in to ..." text and its buttons) where the host offers one; on a
 * guest-only host the guest's note stands in its place.
 */
export function SignInOffer({ children }: { children: ReactNode }) {
  return offersSignIn(useHost()) ? <>{children}</> : <GuestOnlyNote />;
}

/** What a guest reads on a guest-only host where other hosts offer a sign-in: nothing elsewhere. */
export function GuestOnlyNote() {
  const { guestOnlyName } = useHost();
  if (guestOnlyName === undefined) return null;
  return <Text size="sm" data-testid="guest-only-note">{t('accounts.hostAccount.guestOnly', { host: guestOnlyName })}</Text>;
}
