// The About section: the version badge and channel, the legal pages (served by our own
// server at /privacy and /terms, opened inside the shell: a portal allows no link out of the
// game), and the community and support links of activity.config.json (on a host that hides
// external links, the support contact as plain text and no community links),
// with the server's own support contact (SUPPORT_EMAIL, SUPPORT_URL, from GET /api/config) first.
// The recent-updates block is disabled in the current configuration. A link group that is not
// configured is not shown: a placeholder that leads nowhere is worse than no link.
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useHost } from '../../host-bridge/host';
import { BusyModal } from '../../overlays/BusyModal';
import rawActivity from '../../../activity.config.json';
import { ActivityConfig, type AboutLink } from '../../../contract/activity';
import { t } from '../../i18n';
import { effectiveLanguage } from '../../settings-store/language';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../../../contract/system';
import { call } from '../../api/client';

export const LEGAL_LINKS: readonly AboutLink[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
];

/** The legal pages' labels are ours (translated); a studio's community/support labels are shown as configured. */
const aboutLinkLabel = (label: string) => (label === 'Privacy Policy' ? t('settings.about.privacy') : label === 'Terms of Service' ? t('settings.about.terms') : label);

/** Our legal pages carry the player's language: the server frames the English text in it (server/routes/legal.ts). */
const legalHref = (link: AboutLink) => (LEGAL_LINKS.includes(link) ? `${link.href}?lang=${effectiveLanguage()}` : link.href);

/** The server's public config (GET /api/config, the same cached query the log-in dialog reads):
 * its support contact. */
const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'] as const,
  queryFn: ({ signal }) => call(config, { signal }),
  staleTime: Infinity,
});

const about = ActivityConfig.shape.about.parse((rawActivity as { about?: unknown }).about);

/** The server's support contact as About links: the address as its own label, the page as "Support page". */
export function serverSupportLinks(support: { email: string | null; url: string | null } | undefined): AboutLink[] {
  const links: AboutLink[] = [];
  if (support?.email) links.push({ label: support.email, href: `mailto:${support.email}` });
  if (support?.url) links.push({ label: t('settings.about.supportPage'), href: support.url });
  return links;
}

/** The server's contact first, then the configured links it does not repeat. */
function withServerSupport(server: AboutLink[], configured: readonly AboutLink[]): AboutLink[] {
  return [...server, ...configured.filter((l) => !server.some((s) => s.href === l.href))];
}

function Links({ title, links, testId, outside }: { title: string; links: readonly AboutLink[]; testId?: string; outside: boolean }) {
  if (links.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={4}>{title}</Title>
      <Group gap="md">
        {links.map((l) => (outside
          ? <Anchor key={l.href} href={l.href} target="_blank" rel="noreferrer">{aboutLinkLabel(l.label)}</Anchor>
          // No link out of the game here: the contact is written out to be read or copied.
          : <Text key={l.href} size="sm" style={{ userSelect: 'text' }}>{l.href.startsWith('mailto:') ? l.href.slice(7) : l.label === l.href ? l.href : `${aboutLinkLabel(l.label)}: ${l.href}`}</Text>))}
      </Group>
    </Stack>
  );
}

/** The legal pages, opened inside the shell (our own page in a frame of ours): never a new tab. */
function LegalLinks() {
  const [open, setOpen] = useState<AboutLink | null>(null);
  return (
    <Stack gap={4}>
      <Title order={4}>{t('settings.AboutSection.legal')}</Title>
      <Group gap="md">
        {LEGAL_LINKS.map((l) => <Anchor key={l.href} component="button" type="button" onClick={() => setOpen(l)}>{aboutLinkLabel(l.label)}</Anchor>)}
      </Group>
      <BusyModal opened={open !== null} onClose={() => setOpen(null)} title={open ? aboutLinkLabel(open.label) : ''} size="xl" closeLabel={t('common.closeDialog')} zIndex={450}>
        {open && <iframe data-testid="legal-page" title={aboutLinkLabel(open.label)} src={legalHref(open)} style={{ width: '100%', height: '70vh', border: 0, background: '#fff', borderRadius: 4 }} />}
      </BusyModal>
    </Stack>
  );
}

export function AboutSection({ links = about }: { links?: { community: readonly AboutLink[]; support: readonly AboutLink[] } }) {
  const support = withServerSupport(serverSupportLinks(useQuery(publicConfigQuery).data?.support), links.support);
  const outside = !useHost().isHidden('externalLinks');
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge size="lg" data-testid="about-version">v1.3</Badge>
        <Text c="dimmed">{t('settings.AboutSection.stableChannel')}</Text>
      </Group>
      <LegalLinks />
      {outside && <Links title={t('settings.AboutSection.community')} links={links.community} outside />}
      <Links title={t('settings.AboutSection.contactSupport')} links={support} testId="about-support" outside={outside} />
    </Stack>
  );
}
