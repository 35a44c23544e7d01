// A clan's members, admins first: username, admin marker, level and TripCoin balance (spec §2).
// A username opens that player's profile over the settings overlay; closing it comes back here.
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ClanDetails } from '../../../contract/clans';
import { useNavigation } from '../../overlays/navigation';
import { formatTc } from '../../ui/formatTc';
import { adminsFirst } from './validation';
import { t } from '../../i18n';

type Member = ClanDetails['members'][number];

export function MemberList({ members, onRemove, busy = false }: { members: readonly Member[]; onRemove?: (m: Member) => void; busy?: boolean }) {
  const { showProfileOver } = useNavigation();
  return (
    <Stack gap={4} role="list">
      {adminsFirst(members).map((m) => (
        <Group key={m.uuid} justify="space-between" wrap="wrap" role="listitem" data-testid="clan-member" gap="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-dark-5)', padding: '4px 0' }}>
          {/* On a phone the figures go under the name rather than squeezing it and the Admin badge. */}
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Anchor component="button" type="button" fw={500} c="gray.0" underline="always" truncate aria-label={t('clans.MemberList.viewProfileOf', { name: m.username })}
              onClick={() => showProfileOver(m.uuid)}
              style={{ minWidth: 0, textAlign: 'start', textDecorationColor: 'var(--mantine-color-dark-2)', textUnderlineOffset: 3 }}>{m.username}</Anchor>
            {m.role === 'admin' && <Badge size="sm" color="yellow" variant="light" style={{ flex: 'none' }}>{t('clans.MemberList.admin')}</Badge>}
          </Group>
          <Group gap="sm" wrap="nowrap" ml="auto">
            <Text size="sm" c="dimmed">{t('clans.MemberList.level', { level: m.level })}</Text>
            <Text size="sm" c="dimmed">{formatTc(m.tripcoinBalance)}</Text>
            {onRemove && m.role !== 'admin' && (
              <Button size="compact-xs" color="red" variant="light" disabled={busy} aria-label={t('clans.MemberList.removeName', { name: m.username })} onClick={() => onRemove(m)}>{t('clans.MemberList.remove')}</Button>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
