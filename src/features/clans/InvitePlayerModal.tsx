// Invite Player: search runs only on Enter with non-empty text (limit 5);
// the player must be picked from the results; editing the text clears the pick.
import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import type { ClanDetails } from '../../../contract/clans';
import { searchPlayers } from '../../api/players';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';
import { inviteError } from './validation';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';

export interface InviteFormProps {
  onInvite: (username: string) => void;
  onCancel: () => void;
  search?: (query: string) => Promise<Array<{ uuid: string; username: string }>>;
  busy?: boolean;
}

export function InviteForm({ onInvite, onCancel, search = searchPlayers, busy = false }: InviteFormProps) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Array<{ uuid: string; username: string }> | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setSearching(true);
    try { setResults(await search(q)); } catch { setResults([]); } finally { setSearching(false); }
  };

  const submit = () => {
    const problem = inviteError(selected);
    setError(problem);
    if (!problem && selected) onInvite(selected);
  };

  return (
    <Stack>
      <TextInput label={t('clans.InvitePlayerModal.playerUsername')} description={t('clans.InvitePlayerModal.pressEnterToSearch')} value={text} data-autofocus maxLength={64}
        error={error} rightSection={searching ? <Text size="xs">…</Text> : undefined}
        onChange={(e) => { setText(e.currentTarget.value); setSelected(null); }} onKeyDown={(e) => { void onKeyDown(e); }} />
      {results && results.length === 0 && <Text c="dimmed" size="sm">{t('clans.InvitePlayerModal.noPlayersFound')}</Text>}
      {results && results.length > 0 && (
        <Stack gap={4} role="listbox" aria-label={t('clans.InvitePlayerModal.playersFound')} data-testid="invite-results">
          {results.map((p) => (
            <UnstyledButton key={p.uuid} role="option" aria-selected={selected === p.username} onClick={() => { setSelected(p.username); setError(null); }}
              style={{ padding: '6px 10px', borderRadius: 4, color: 'var(--mantine-color-white)',
                background: selected === p.username ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-dark-6)' }}>
              {p.username}
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {selected && <Text size="sm">{rich(t('clans.InvitePlayerModal.selected', { name: selected }), [<b />])}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>{t('clans.InvitePlayerModal.cancel')}</Button>
        <Button onClick={submit} loading={busy}>{t('clans.InvitePlayerModal.sendInvite')}</Button>
      </Group>
    </Stack>
  );
}

export function InvitePlayerModal({ opened, onClose, membership, clan }: { opened: boolean; onClose: () => void; membership: ClanMembership; clan: ClanDetails }) {
  const started = useCloseOnSuccess(membership, onClose);
  const busy = membership.pendingKind === 'invite';
  return (
    <BusyModal busy={busy} opened={opened} onClose={() => onClose()} title={t('clans.InvitePlayerModal.title', { clan: clan.clanName })} zIndex={450} closeLabel={t('common.closeDialog')}>
      <InviteForm busy={busy} onCancel={onClose} onInvite={(username) => { started(); membership.act({ kind: 'invite', username }); }} />
    </BusyModal>
  );
}
