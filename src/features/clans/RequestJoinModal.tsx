// Request to Join Clan: search clans by name or tag; a blank query clears
// the results; each result can be asked once (then it shows the request as pending).
import { Button, Card, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ClanListItem } from '../../../contract/clans';

import { searchClans } from './api/searchClans';
import { ClanLabel } from './ClanName';
import type { ClanMembership } from './useClanMembership';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { CLAN_TEXT } from '../../i18n/texts';

export function RequestJoinModal({ opened, onClose, membership }: { opened: boolean; onClose: () => void; membership: ClanMembership }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ClanListItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { context, busy } = membership;

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const q = query.trim();
    setError(null);
    if (!q) { setResults(null); return; }
    setSearching(true);
    try { setResults(await searchClans(q)); } catch { setResults(null); setError(CLAN_TEXT.failed.loadList); } finally { setSearching(false); }
  };

  return (
    <BusyModal opened={opened} onClose={onClose} title={t('clans.RequestJoinModal.requestToJoinClan')} zIndex={450} closeLabel={t('common.closeDialog')}>
      <Stack>
        <form onSubmit={search}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={t('clans.RequestJoinModal.searchClans')} placeholder={t('clans.RequestJoinModal.clanNameOrTag')} value={query} style={{ flex: 1 }} data-autofocus maxLength={40}
              onChange={(e) => { setQuery(e.currentTarget.value); if (!e.currentTarget.value.trim()) setResults(null); }} />
            <Button type="submit" variant="default" loading={searching}>{t('clans.RequestJoinModal.search')}</Button>
          </Group>
        </form>
        {error && <Text c="red.4" size="sm" role="alert">{error}</Text>}
        {results && results.length === 0 && <Text c="dimmed" size="sm">{t('clans.RequestJoinModal.noClansFound')}</Text>}
        {results && results.length > 0 && (
          <ScrollArea.Autosize mah={384} type="auto" scrollbars="y" data-testid="clan-search-results">
            <Stack gap="xs">
              {results.map((clan) => {
                const requested = context.requested.includes(clan.clanId);
                const sending = context.pending?.kind === 'request' && context.pending.clanId === clan.clanId;
                return (
                  <Card key={clan.clanId} withBorder padding="xs">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <ClanLabel tag={clan.clanTag} name={clan.clanName} color={clan.clanColor} />
                        <Text size="xs" c="dimmed">{clan.memberCount} {clan.memberCount === 1 ? t('clans.RequestJoinModal.member') : t('clans.RequestJoinModal.members')}</Text>
                      </Stack>
                      <Button size="xs" disabled={requested || (busy && !sending)} loading={sending}
                        aria-label={requested ? t('clans.RequestJoinModal.requestSentTo', { clan: clan.clanName }) : t('clans.RequestJoinModal.requestToJoin', { clan: clan.clanName })}
                        onClick={() => membership.act({ kind: 'request', clanId: clan.clanId })}>
                        {requested ? t('clans.RequestJoinModal.requestSent') : t('clans.RequestJoinModal.requestToJoin')}
                      </Button>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </BusyModal>
  );
}
