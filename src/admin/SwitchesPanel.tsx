// The live switches: turn a feature off for one host or for every host, with a message its
// players see, and back on. Every process follows within seconds; a switch cannot turn on what a
// host's own rules leave out (HOST_FEATURES_FILE, shown as "host rule"). Each change asks for a
// reason (the audit log) and, every few minutes, the admin's password (ReasonModal).
import { useState } from 'react';
import { Alert, Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FEATURES, listSwitches, setSwitch, type Feature, type SwitchScope } from '../../contract/features';
import { HOST_NAMES } from '../../contract/hostApi';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

const FEATURE_NAMES: Record<Feature, string> = {
  coinflip: 'Coin flips', marketplace: 'Marketplace', gifts: 'Gifts (item transfers)', bridge: 'Mythical Bridge', crates: 'Crates', purchases: 'Real-money packs',
};
const SCOPE_NAMES: Record<SwitchScope, string> = { all: 'Every host', web: 'Web', discord: 'Discord', crazygames: 'CrazyGames', poki: 'Poki' };
const SCOPES: readonly SwitchScope[] = ['all', ...HOST_NAMES];

export function SwitchesPanel() {
  const state = useQuery({ queryKey: [...ADMIN_KEY, 'switches'], queryFn: () => read(listSwitches), staleTime: 0 });
  const write = useAdminWrite(setSwitch);
  const [asking, setAsking] = useState<{ feature: Feature; host: SwitchScope; on: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (state.isError) return <Text c="red">{errorText(state.error, 'Could not load the switches')}</Text>;
  if (!state.data) return <Text>Loading…</Text>;
  const { switches, defaults } = state.data;
  const off = (feature: Feature, host: SwitchScope) => switches.find((s) => s.feature === feature && s.host === host);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">A switch turned off stops the feature on every API process within seconds: its endpoints refuse, the shell hides it and the game hears it. Players see your message.</Text>
      {done && <Alert color="green" withCloseButton onClose={() => setDone(null)}>{done}</Alert>}
      <Table striped withTableBorder data-testid="switches">
        <Table.Thead>
          <Table.Tr><Table.Th>Feature</Table.Th>{SCOPES.map((s) => <Table.Th key={s}>{SCOPE_NAMES[s]}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{FEATURES.map((feature) => (
          <Table.Tr key={feature}>
            <Table.Td>{FEATURE_NAMES[feature]}</Table.Td>
            {SCOPES.map((host) => {
              const rule = host !== 'all' && (defaults[host] ?? []).includes(feature);
              const row = off(feature, host);
              return (
                <Table.Td key={host} data-testid={`switch-${feature}-${host}`}>
                  <Stack gap={4} align="flex-start">
                    {rule && <Tooltip label="This host's own rules leave it out (HOST_FEATURES_FILE)"><Badge color="gray">host rule: off</Badge></Tooltip>}
                    {row ? (
                      <>
                        <Tooltip label={`${row.reason} (${row.setBy}, ${new Date(row.setAt).toLocaleString()})`}><Badge color="red">off</Badge></Tooltip>
                        {row.message && <Text size="xs" c="dimmed" maw={180}>“{row.message}”</Text>}
                        <Button size="compact-xs" variant="light" onClick={() => setAsking({ feature, host, on: true })}>Turn on</Button>
                      </>
                    ) : !rule && (
                      <Button size="compact-xs" variant="light" color="red" onClick={() => setAsking({ feature, host, on: false })}>Turn off</Button>
                    )}
                  </Stack>
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}</Table.Tbody>
      </Table>
      <ReasonModal opened={asking !== null} danger={asking?.on === false} tellsPlayer={asking?.on === false}
        title={asking ? `${FEATURE_NAMES[asking.feature]} on ${SCOPE_NAMES[asking.host].toLowerCase()}: turn ${asking.on ? 'on' : 'off'}` : ''}
        confirm={asking?.on ? 'Turn on' : 'Turn off'} onClose={() => setAsking(null)}
        onSubmit={async (reason, attempt, playerMessage) => {
          if (!asking) return;
          const r = await write.mutateAsync({ body: { feature: asking.feature, host: asking.host, on: asking.on, reason, playerMessage }, attempt });
          setDone(r.message);
        }}>
        <Text size="sm">{asking?.on ? 'Players get it back within seconds (where the host allows it).' : 'Every process refuses it within seconds; players who ask for it see your message.'}</Text>
      </ReasonModal>
    </Stack>
  );
}
