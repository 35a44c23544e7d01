// About: the legal pages always, the configured community and support links, no group
// of placeholders; badges keep the spec's case ('v1.3', not Mantine's upper case 'V1.3').
import { Badge, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityConfig } from '../../contract/activity';
import activity from '../../activity.config.json';
import { theme } from '../../src/app/theme';
import { AboutSection } from '../../src/features/settings/AboutSection';

const wrap = (node: React.ReactNode) => render(<MantineProvider theme={theme} env="test">{node}</MantineProvider>);

describe('About section', () => {
  it('links the served legal pages and shows only configured groups', () => {
    wrap(<AboutSection links={{ community: [{ label: 'Discord', href: 'https://discord.gg/studio' }], support: [] }} />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy?lang=en');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms?lang=en');
    expect(screen.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.gg/studio');
    expect(screen.queryByText('Contact & Support')).toBeNull();
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
