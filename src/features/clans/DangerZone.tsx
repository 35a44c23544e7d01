// The admin's collapsible Danger Zone (spec part 2 §2, §5): Edit Clan Color, Transfer Ownership
// (a member must be chosen, then confirmed: the admin becomes a regular member) and Disband Clan
// (the clan name typed exactly).
import { Button, Card, Collapse, Group, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { type ClanDetails } from '../../../contract/clans';
import { ClanColorPicker } from './ColorPicker';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';
import { disbandConfirmed } from './validation';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { CLAN_TEXT } from '../../i18n/texts';

export function DangerZone({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" style={{ borderColor: 'var(--mantine-color-red-8)' }}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="clan-danger-zone">
        <Title order={4} size="h5" component="span" c="red.4">{open ? '▾' : '▸'}{' '}{t('clans.DangerZone.dangerZone')}</Title>
      </UnstyledButton>
      <Collapse expanded={open} id="clan-danger-zone">
        <Stack gap="lg" mt="sm">
          <EditColor membership={membership} clan={clan} />
          <TransferOwnership membership={membership} clan={clan} />
          <DisbandClan membership={membership} clan={clan} />
        </Stack>
      </Collapse>
    </Card>
  );
}

function EditColor({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [color, setColor] = useState(clan.clanColor);
  return (
    <Stack gap="xs" data-testid="clan-color-editor">
      <Text fw={600}>{t('clans.DangerZone.editClanColor')}</Text>
      <ClanColorPicker value={color} onChange={setColor} label={t('clans.DangerZone.newClanColour')} />
      <Group>
        <Button size="xs" disabled={color === clan.clanColor || membership.busy} loading={membership.pendingKind === 'color'}
          onClick={() => membership.act({ kind: 'color', clanColor: color })}>{t('clans.DangerZone.saveColor')}</Button>
      </Group>
    </Stack>
  );
}

export function TransferForm({ members, onTransfer, busy = false }: { members: ClanDetails['members']; onTransfer: (uuid: string) => void; busy?: boolean }) {
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = members.filter((m) => m.role !== 'admin').map((m) => ({ value: m.uuid, label: m.username }));
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('clans.DangerZone.transferOwnership')}</Text>
      <Select label={t('clans.DangerZone.newAdmin')} placeholder={candidates.length ? t('clans.DangerZone.chooseAMember') : t('clans.DangerZone.noOtherMembersYet')} data={candidates} value={target}
        error={error} comboboxProps={{ zIndex: 500 }} disabled={candidates.length === 0}
        onChange={(v) => { setTarget(v); setError(null); }} />
      <Group>
        <Button size="xs" color="orange" variant="light" loading={busy}
          onClick={() => { if (!target) { setError(CLAN_TEXT.transferTarget); return; } onTransfer(target); }}>{t('clans.DangerZone.transferOwnership')}</Button>
      </Group>
    </Stack>
  );
}

function TransferOwnership({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [target, setTarget] = useState<ClanDetails['members'][number] | null>(null);
  const close = () => setTarget(null);
  const started = useCloseOnSuccess(membership, close);
  const busy = membership.pendingKind === 'transfer';
  return (
    <>
      <TransferForm members={clan.members} busy={busy} onTransfer={(uuid) => setTarget(clan.members.find((m) => m.uuid === uuid) ?? null)} />
      <BusyModal busy={busy} opened={target !== null} onClose={() => close()} title={t('clans.DangerZone.transferOwnership')} zIndex={450} closeLabel={t('common.closeDialog')}>
        <Stack>
          <Text>{rich(t('clans.DangerZone.transferConfirm', { name: target?.username, clan: clan.clanName }), [<b />])}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('clans.DangerZone.cancel')}</Button>
            <Button color="orange" variant="light" loading={busy} disabled={!membership.can({ kind: 'transfer', newAdminUuid: target?.uuid ?? '' })}
              onClick={() => { if (!target) return; started(); membership.act({ kind: 'transfer', newAdminUuid: target.uuid }); }}>{t('clans.DangerZone.transferOwnership')}</Button>
          </Group>
        </Stack>
      </BusyModal>
    </>
  );
}

export function DisbandForm({ clanName, onDisband, busy = false }: { clanName: string; onDisband: () => void; busy?: boolean }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ok = disbandConfirmed(typed, clanName);
  return (
    <Stack gap="xs" data-testid="clan-disband">
      <Text fw={600}>{t('clans.DangerZone.disbandClan')}</Text>
      <Text size="sm" c="dimmed">{rich(t('clans.DangerZone.disbandConfirm', { clan: clanName }), [<b />])}</Text>
      <TextInput label={t('clans.DangerZone.clanName')} value={typed} error={error} autoComplete="off"
        onChange={(e) => { setTyped(e.currentTarget.value); setError(null); }} />
      <Group>
        <Button size="xs" color="red" variant="light" loading={busy} aria-disabled={!ok || undefined}
          onClick={() => { if (!ok) { setError(CLAN_TEXT.disbandName); return; } onDisband(); }}>{t('clans.DangerZone.disbandClan')}</Button>
      </Group>
    </Stack>
  );
}

function DisbandClan({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  return <DisbandForm clanName={clan.clanName} busy={membership.pendingKind === 'disband'} onDisband={() => membership.act({ kind: 'disband' })} />;
}
