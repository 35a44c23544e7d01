// Create a Clan: name 3-20, tag 2-5 uppercased as typed, one of the 16
// colours (default the 13th). A form with errors sends nothing.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DEFAULT_CLAN_COLOR } from '../../../contract/clans';
import { ClanLabel } from './ClanName';
import { ClanColorPicker } from './ColorPicker';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';
import { CLAN_NAME_MAX, CLAN_TAG_MAX, clanNameError, clanTagError, normalizeTag } from './validation';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';

export interface CreateClanFormProps {
  onSubmit: (values: { clanName: string; clanTag: string; clanColor: string }) => void;
  onCancel: () => void;
  busy?: boolean;
}

export function CreateClanForm({ onSubmit, onCancel, busy = false }: CreateClanFormProps) {
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_CLAN_COLOR);
  const [errors, setErrors] = useState<{ name: string | null; tag: string | null }>({ name: null, tag: null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { name: clanNameError(name), tag: clanTagError(tag) };
    setErrors(next);
    if (next.name || next.tag) return;
    onSubmit({ clanName: name.trim(), clanTag: tag.trim(), clanColor: color });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('clans.CreateClanModal.clanName')} value={name} maxLength={CLAN_NAME_MAX} error={errors.name} data-autofocus
          onChange={(e) => { setName(e.currentTarget.value); setErrors((s) => ({ ...s, name: null })); }} />
        <TextInput label={t('clans.CreateClanModal.clanTag')} value={tag} maxLength={CLAN_TAG_MAX} error={errors.tag} description={t('clans.CreateClanModal.25LettersOrDigits')}
          onChange={(e) => { setTag(normalizeTag(e.currentTarget.value)); setErrors((s) => ({ ...s, tag: null })); }} />
        <ClanColorPicker value={color} onChange={setColor} />
        <Text size="sm">{t('clans.CreateClanModal.preview')}{' '}<ClanLabel tag={tag || t('clans.CreateClanModal.previewTag')} name={name || t('clans.CreateClanModal.clanName')} color={color} /></Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>{t('clans.CreateClanModal.cancel')}</Button>
          <Button type="submit" loading={busy}>{t('clans.CreateClanModal.createClan')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateClanModal({ opened, onClose, membership }: { opened: boolean; onClose: () => void; membership: ClanMembership }) {
  const started = useCloseOnSuccess(membership, onClose);
  const busy = membership.pendingKind === 'create';
  return (
    <BusyModal busy={busy} opened={opened} onClose={() => onClose()} title={t('clans.CreateClanModal.createAClan')} zIndex={450} closeLabel={t('common.closeDialog')}>
      <CreateClanForm busy={busy} onCancel={onClose}
        onSubmit={(values) => { started(); membership.act({ kind: 'create', ...values }); }} />
    </BusyModal>
  );
}
