// About: the legal pages always, the configured community and support links, no group
// of placeholders; badges keep the spec's case ('v1.3', not Mantine's upper case 'V1.3').
import { Badge, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityConfig } from '../../contract/activity';
import activity from '../../activity.config.json';
import { theme } from '../../src/app/theme';
import { AboutSection } from '../../src/features/settings/AboutSection';
import { publicConfigQuery } from '../../src/features/accounts/api/publicConfig';

/** The server's answer to GET /api/config is already in the cache (null: not asked yet). */
function wrap(node: React.ReactNode, support: { email: string | null; url: string | null } | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (support) client.setQueryData(publicConfigQuery.queryKey, { botCheck: { provider: 'altcha', challengeUrl: '/api/altcha/challenge' }, discord: { enabled: false, clientId: null, authorizeUrl: '' }, version: '1', support });
  return render(<QueryClientProvider client={client}><MantineProvider theme={theme} env="test">{node}</MantineProvider></QueryClientProvider>);
}

describe('About section', () => {
  it('links the served legal pages and shows only configured groups', () => {
    wrap(<AboutSection links={{ community: [{ label: 'Discord', href: 'https://discord.gg/studio' }], support: [] }} />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy?lang=en');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms?lang=en');
    expect(screen.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.gg/studio');
    expect(screen.queryByText('Contact & Support')).toBeNull();
  });

  it("shows the server's support contact (SUPPORT_EMAIL, SUPPORT_URL) before the configured links, without repeats", () => {
    wrap(<AboutSection links={{ community: [], support: [{ label: 'Mail us', href: 'mailto:help@studio.example' }, { label: 'Help', href: 'https://help.studio.example' }] }} />, { email: 'help@studio.example', url: 'https://studio.example/support' });
    const support = screen.getByTestId('about-support');
    expect(screen.getByText('Contact & Support')).toBeVisible();
    const links = [...support.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['help@studio.example', 'mailto:help@studio.example'], ['Support page', 'https://studio.example/support'], ['Help', 'https://help.studio.example']]);
  });

  it('shows the version badge as v1.3 and badges in the case they are written', () => {
    wrap(<><AboutSection /><Badge>Main</Badge></>);
    expect(screen.getByTestId('about-version')).toHaveTextContent('v1.3');
    // Mantine's stylesheet upper-cases badges; jsdom loads no stylesheet, so what is checked is
    // the inline text-transform the theme's default puts on every badge to override it.
    for (const badge of [screen.getByTestId('about-version'), screen.getByText('Main')]) {
      const root = badge.closest<HTMLElement>('.mantine-Badge-root') ?? badge;
      expect(root.style.textTransform).toBe('none');
    }
  });

  it('accepts only https and mailto links in the configuration', () => {
    const withLink = (href: string) => ActivityConfig.safeParse({ ...activity, about: { community: [{ label: 'X', href }], support: [] } }).success;
    expect(withLink('https://x.com/studio')).toBe(true);
    expect(withLink('mailto:support@studio.example')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'http://x.com', 'https://', 'mailto:nobody']) expect(withLink(bad), bad).toBe(false);
  });
});
