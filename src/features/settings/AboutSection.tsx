// The About section: the version badge and channel, the legal pages (served by our own
// server at /privacy and /terms), and the community and support links of activity.config.json.
// The recent-updates block is disabled in the current configuration. A link group that is not
// configured is not shown: a placeholder that leads nowhere is worse than no link.
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import rawActivity from '../../../activity.config.json';
import { ActivityConfig, type AboutLink } from '../../../contract/activity';
import { currentLocale, t } from '../../i18n';

export const LEGAL_LINKS: readonly AboutLink[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
];

/** The legal pages' labels are ours (translated); a studio's community/support labels are shown as configured. */
const aboutLinkLabel = (label: string) => (label === 'Privacy Policy' ? t('settings.about.privacy') : label === 'Terms of Service' ? t('settings.about.terms') : label);

/** Our legal pages carry the player's language: the server frames the English text in it (server/routes/legal.ts). */
const legalHref = (link: AboutLink) => (LEGAL_LINKS.includes(link) ? `${link.href}?lang=${currentLocale()}` : link.href);

const about = ActivityConfig.shape.about.parse((rawActivity as { about?: unknown }).about);

function Links({ title, links }: { title: string; links: readonly AboutLink[] }) {
  if (links.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      <Group gap="md">
        {links.map((l) => <Anchor key={l.label} href={legalHref(l)} target="_blank" rel="noreferrer">{aboutLinkLabel(l.label)}</Anchor>)}
      </Group>
    </Stack>
  );
}

export function AboutSection({ links = about }: { links?: { community: readonly AboutLink[]; support: readonly AboutLink[] } }) {
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge size="lg" data-testid="about-version">v1.3</Badge>
        <Text c="dimmed">{t('settings.AboutSection.stableChannel')}</Text>
      </Group>
      <Links title={t('settings.AboutSection.legal')} links={LEGAL_LINKS} />
      <Links title={t('settings.AboutSection.community')} links={links.community} />
      <Links title={t('settings.AboutSection.contactSupport')} links={links.support} />
    </Stack>
  );
}
