// The About section (§2.8). The legal block and the recent-updates block are disabled in the
// current configuration, so only the links, the version badge and the channel are shown.
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';

export const ABOUT_LINKS = {
  legal: [
    { label: 'Privacy Policy', href: '/privacy' },
    { label: 'Terms of Service', href: '/terms' },
  ],
  social: [
    { label: 'Discord', href: 'https://discord.gg/' },
    { label: 'X (Twitter)', href: 'https://x.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
  contact: [
    { label: 'Contact Us', href: 'mailto:contact@example.com' },
    { label: 'Support', href: 'mailto:support@example.com' },
  ],
} as const;

function Links({ title, links }: { title: string; links: ReadonlyArray<{ label: string; href: string }> }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      <Group gap="md">
        {links.map((l) => <Anchor key={l.label} href={l.href} target="_blank" rel="noreferrer">{l.label}</Anchor>)}
      </Group>
    </Stack>
  );
}

export function AboutSection() {
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge size="lg" data-testid="about-version">v1.3</Badge>
        <Text c="dimmed">Stable Channel</Text>
      </Group>
      <Links title="Legal" links={ABOUT_LINKS.legal} />
      <Links title="Community" links={ABOUT_LINKS.social} />
      <Links title="Contact & Support" links={ABOUT_LINKS.contact} />
    </Stack>
  );
}
