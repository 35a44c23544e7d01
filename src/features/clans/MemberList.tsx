// A clan's members, admins first, as cards: an avatar with
// the player's initial in the clan colour, the username, the role, a level badge and the
// TripCoin balance. A username opens that player's profile over the settings overlay; closing it
// comes back here.
import { Anchor, Badge, Button, SimpleGrid, Text } from '@mantine/core';
import type { ClanDetails } from '../../../contract/clans';
import { DEFAULT_CLAN_COLOR } from '../../../contract/clans';
import { useNavigation } from '../../overlays/navigation';
import { formatTc } from '../../ui/formatTc';
import { FIGURE_CLASS } from '../../ui/type';
import { tagTextColor } from './clanColors';
import { adminsFirst } from './validation';
import classes from './Clans.module.css';
import { t } from '../../i18n';

type Member = ClanDetails['members'][number];

/** The first letter (a whole grapheme: an emoji or accented letter stays whole), upper-cased. */
export function initialOf(username: string): string {
  const first = typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(username)[Symbol.iterator]().next().value?.segment
    : Array.from(username)[0];
  return (first ?? '?').toLocaleUpperCase();
}

export function MemberList({ members, color = DEFAULT_CLAN_COLOR, onRemove, busy = false }: {
  members: readonly Member[]; color?: string; onRemove?: (m: Member) => void; busy?: boolean;
}) {
  const { showProfileOver } = useNavigation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" role="list" className={classes.members}>
      {adminsFirst(members).map((m) => (
        <div key={m.uuid} role="listitem" data-testid="clan-member" data-role={m.role} className={classes.member}>
          <span className={classes.avatar} aria-hidden="true" data-testid="clan-member-avatar" style={{ background: color, color: tagTextColor(color) }}>{initialOf(m.username)}</span>
          <div className={classes.memberBody}>
            <Anchor component="button" type="button" fw={600} c="gray.0" underline="hover" truncate aria-label={t('clans.MemberList.viewProfileOf', { name: m.username })}
              onClick={() => showProfileOver(m.uuid)} style={{ minWidth: 0, textAlign: 'start' }}>{m.username}</Anchor>
            <div className={classes.memberMeta}>
              {m.role === 'admin'
                ? <Badge size="sm" color="yellow" variant="light">{t('clans.MemberList.admin')}</Badge>
                : <Badge size="sm" color="gray" variant="light">{t('clans.MemberList.member')}</Badge>}
              <span className={classes.level} data-testid="clan-member-level">{t('clans.MemberList.level', { level: m.level })}</span>
              {m.tripcoinBalance !== null && <Text component="span" size="xs" c="dimmed" className={`${classes.coins} ${FIGURE_CLASS}`}>{formatTc(m.tripcoinBalance)}</Text>}
            </div>
          </div>
          {onRemove && m.role !== 'admin' && (
            <Button size="compact-xs" color="red" variant="light" disabled={busy} aria-label={t('clans.MemberList.removeName', { name: m.username })}
              onClick={() => onRemove(m)} style={{ flex: 'none', alignSelf: 'flex-start' }}>{t('clans.MemberList.remove')}</Button>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}
