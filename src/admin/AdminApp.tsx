// The studio's console at /admin: its own lazily loaded chunk (src/app/startup.ts
// imports it only on /admin), on the shell's React, Mantine and React Query. Studio-facing,
// English only. A visitor who is not signed in as an admin sees the console's sign-in form
// (AdminSignIn.tsx) and nothing else.
import { useState } from 'react';
import { Center, Container, Loader, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isLoggedIn } from '../../contract/auth';
import { currentUserQuery } from '../api/currentUser';
import { CratesPanel } from './CratesPanel';
import { EconomyPanel } from './EconomyPanel';
import { ListingsPanel } from './ListingsPanel';
import { PlayersPanel } from './PlayersPanel';
import { PurchasesPanel } from './PurchasesPanel';
import { AuditPanel } from './AuditPanel';
import { DeletionsPanel } from './DeletionsPanel';
import { LimitsPanel } from './LimitsPanel';
import { AdminSignIn } from './AdminSignIn';
import { SwitchesPanel } from './SwitchesPanel';

/** Marks the console's code: the first-screen budget test checks it is not in the player's bundle. */
export const CONSOLE_MARK = 'tripshell-admin-console';

export function AdminApp() {
  const me = useQuery(currentUserQuery);
  const [tab, setTab] = useState<string | null>('players');
  if (me.isPending) return <Center h="100vh"><Loader aria-label="Loading" /></Center>;
  const user = me.data;
  if (!user || !isLoggedIn(user) || !user.isAdmin) {
    return <AdminSignIn signedInAs={user && isLoggedIn(user) ? user.username : null} mark={CONSOLE_MARK} />;
  }
  return (
    <Container size="xl" px="sm" py="md" data-console={CONSOLE_MARK} style={{ height: '100vh', overflowY: 'auto' }}>
      <Title order={1} size="h3" mb="sm">TripShell console <Text span c="dimmed" size="sm">signed in as {user.username}</Text></Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="players">Players</Tabs.Tab>
          <Tabs.Tab value="listings">Listings</Tabs.Tab>
          <Tabs.Tab value="crates">Crate shops</Tabs.Tab>
          <Tabs.Tab value="economy">Economy</Tabs.Tab>
          <Tabs.Tab value="purchases">Purchases</Tabs.Tab>
          <Tabs.Tab value="switches">Switches</Tabs.Tab>
          <Tabs.Tab value="limits">Limits</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          <Tabs.Tab value="deletions">Deletions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="players" pt="md"><PlayersPanel /></Tabs.Panel>
        <Tabs.Panel value="listings" pt="md"><ListingsPanel /></Tabs.Panel>
        <Tabs.Panel value="crates" pt="md"><CratesPanel /></Tabs.Panel>
        <Tabs.Panel value="economy" pt="md"><EconomyPanel /></Tabs.Panel>
        <Tabs.Panel value="purchases" pt="md"><PurchasesPanel /></Tabs.Panel>
        <Tabs.Panel value="switches" pt="md"><SwitchesPanel /></Tabs.Panel>
        <Tabs.Panel value="limits" pt="md"><LimitsPanel /></Tabs.Panel>
        <Tabs.Panel value="audit" pt="md"><AuditPanel /></Tabs.Panel>
        <Tabs.Panel value="deletions" pt="md"><DeletionsPanel /></Tabs.Panel>
      </Tabs>
    </Container>
  );
}
