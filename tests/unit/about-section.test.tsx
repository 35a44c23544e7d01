// About: the legal pages always, the configured community and support links, no group
// of placeholders; badges keep the spec's case ('v1.3', not Mantine's upper case 'V1.3').
import { Badge } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithShell } from '../support/render';
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
  return renderWithShell(node, { queryClient: client, theme });
}

describe('About section', () => {
  it('opens the served legal pages inside the shell, never in a new tab, and shows only configured groups', async () => {
    wrap(<AboutSection links={{ community: [{ label: 'Discord', href: 'https://discord.gg/studio' }], support: [] }} />);
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByTestId('legal-page')).toHaveAttribute('src', '/privacy?lang=en');
    expect(screen.getByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.gg/studio');
    expect(screen.queryByText('Contact & Support')).toBeNull();
  });

  it('links out of the game nowhere on a host whose rules forbid it (the portal)', () => {
    renderWithShell(<AboutSection links={{ community: [{ label: 'Discord', href: 'https://discord.gg/studio' }], support: [{ label: 'Help', href: 'https://help.studio.example' }] }} />, { host: { kind: 'crazygames' } });
    expect(document.querySelectorAll('a[href^="http"], a[target="_blank"]')).toHaveLength(0);
    expect(screen.queryByText('Discord')).toBeNull();
    expect(screen.getByTestId('about-support')).toHaveTextContent('https://help.studio.example');
    expect(screen.getByRole('button', { name: 'Terms of Service' })).toBeInTheDocument();
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
