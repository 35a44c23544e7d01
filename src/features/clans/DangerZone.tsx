// The admin's clan colour (an everyday setting, above the zone) and the collapsible Danger Zone:
// Transfer Ownership (offered once there is another member; one must be chosen, then confirmed:
// the admin becomes a regular member) and Disband Clan (the clan name typed exactly). Drawn in the game's style: a hazard-striped
// header with the display face, three tiles inside.
import { Button, Collapse, Group, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { type ClanDetails } from '../../../contract/clans';
import { ClanColorPicker } from './ColorPicker';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';
import { disbandConfirmed } from './validation';
import classes from './Clans.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { CLAN_TEXT } from '../../i18n/texts';

export function DangerZone({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [open, setOpen] = useState(false);
  // Hand-over needs someone to hand over to: with no other member it is not offered.
  const canHandOver = clan.members.some((m) => m.role !== 'admin');
  return (
    <>
    {/* The colour is an everyday setting, not a danger: it sits above the zone. */}
    <div className={classes.tile} data-testid="clan-color-tile"><EditColor membership={membership} clan={clan} /></div>
    <section className={classes.danger} data-open={open} data-testid="clan-danger-zone">
      <UnstyledButton className={classes.dangerHead} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="clan-danger-zone">
        <svg className={classes.dangerIcon} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M12 3 2 21h20L12 3z" /><path d="M12 10v5" strokeLinecap="round" /><circle cx="12" cy="18" r="0.6" fill="currentColor" />
        </svg>
        <span className={classes.dangerTitle}>{t('clans.DangerZone.dangerZone')}</span>
        <svg className={classes.chevron} viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="m3 6 5 5 5-5" /></svg>
      </UnstyledButton>
      <Collapse expanded={open} id="clan-danger-zone">
        <div className={classes.dangerBody}>
          {canHandOver && <div className={classes.tile} data-tone="orange"><TransferOwnership membership={membership} clan={clan} /></div>}
          <div className={classes.tile} data-tone="red"><DisbandClan membership={membership} clan={clan} /></div>
        </div>
      </Collapse>
    </section>
    </>
  );
}

function EditColor({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [color, setColor] = useState(clan.clanColor);
  return (
    <Stack gap="xs" data-testid="clan-color-editor">
      <Text className={classes.tileTitle}>{t('clans.DangerZone.editClanColor')}</Text>
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
      <Text className={classes.tileTitle}>{t('clans.DangerZone.transferOwnership')}</Text>
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
      <Text className={classes.tileTitle} c="red.3">{t('clans.DangerZone.disbandClan')}</Text>
      <Text size="sm" c="dimmed">{rich(t('clans.DangerZone.disbandConfirm', { clan: clanName }), [<b />])}</Text>
      <TextInput label={t('clans.DangerZone.clanName')} value={typed} error={error} autoComplete="off"
        onChange={(e) => { setTyped(e.currentTarget.value); setError(null); }} />
      <Group>
        <Button size="xs" color="red" variant={ok ? 'filled' : 'light'} loading={busy} aria-disabled={!ok || undefined}
          onClick={() => { if (!ok) { setError(CLAN_TEXT.disbandName); return; } onDisband(); }}>{t('clans.DangerZone.disbandClan')}</Button>
      </Group>
    </Stack>
  );
}

function DisbandClan({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  return <DisbandForm clanName={clan.clanName} busy={membership.pendingKind === 'disband'} onDisband={() => membership.act({ kind: 'disband' })} />;
}
