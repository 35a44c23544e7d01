// Browse Clans: 10 clans a page with an expandable member list and the average
// level, and Previous / Next. Each clan's row has its colour down its edge and its tag chip.
import { Accordion, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { useClans } from './api/getClans';
import { ClanLabel } from './ClanName';
import { MemberList } from './MemberList';
import { FIGURE_CLASS } from '../../ui/type';
import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { CLAN_TEXT } from '../../i18n/texts';

export function BrowseTab() {
  const [page, setPage] = useState(1);
  const browse = useClans(page);
  if (browse.isPending) return <Loader aria-label={t('clans.BrowseTab.loadingClans')} />;
  if (browse.isError) return <Text c="red.4" role="alert">{CLAN_TEXT.failed.loadList}</Text>;
  const { clans, pagination } = browse.data;
  return (
    <Stack data-testid="clan-browse">
      {clans.length === 0 ? <Text c="dimmed">{t('clans.BrowseTab.noClansYet')}</Text> : (
        <Accordion variant="separated" multiple>
          {clans.map((clan) => (
            <Accordion.Item key={clan.clanId} value={clan.clanId} data-testid="clan-browse-item" style={{ borderInlineStart: `4px solid ${clan.clanColor}` }}>
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs" pr="xs">
                  <ClanLabel tag={clan.clanTag} name={clan.clanName} color={clan.clanColor} />
                  <Text size="sm" c="dimmed" className={FIGURE_CLASS}>
                    {t('clans.BrowseTab.summary', { count: clan.memberCount, level: formatNumber(clan.averageLevel, { maximumFractionDigits: 1 }) })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel><MemberList members={clan.members} color={clan.clanColor} /></Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Group justify="space-between">
        <Button variant="default" size="xs" disabled={pagination.currentPage <= 1 || browse.isFetching} onClick={() => setPage(pagination.currentPage - 1)}>{t('clans.BrowseTab.previous')}</Button>
        <Text size="sm" c="dimmed">{t('clans.BrowseTab.pageOf', { page: pagination.currentPage, pages: pagination.totalPages, count: pagination.totalClans })}</Text>
        <Button variant="default" size="xs" disabled={pagination.currentPage >= pagination.totalPages || browse.isFetching} onClick={() => setPage(pagination.currentPage + 1)}>{t('clans.BrowseTab.next')}</Button>
      </Group>
    </Stack>
  );
}
