// The phone's layout rules that can be checked without a browser: tile dates in whole words,
// tab rows that show they scroll (and no tab disabled without a reason), a label on every
// figure of the history cards, and top toasts that start below an open dialog's header.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../src/api/currentUser';
import AccountSection from '../../src/features/accounts/AccountSection';
import { unlockDateParts } from '../../src/features/progress/progressLogic';
import { overflowOf } from '../../src/ui/ScrollTabsList';
import { TOAST_TOP_GAP, toastTopOffset } from '../../src/ui/toastOffset';
import { renderWithShell, testQueryClient } from '../support/render';

const user = { uuid: '00000000-0000-4000-8000-000000000001', username: 'cheese', verified: 1, isAdmin: false, accountCreatedAt: '2025-01-02T03:04:05Z', hasPassword: true };

describe('a level tile\'s date', () => {
  it('is whole words in the locale\'s order, never a line that breaks inside one', () => {
    const at = new Date(2026, 10, 29, 14, 5);
    const ja = unlockDateParts(at, 'ja');
    expect(ja).toMatchObject({ year: '2026年', monthDay: '11月29日', yearFirst: true });
    const en = unlockDateParts(at, 'en-US');
    expect(en).toMatchObject({ year: '2026', monthDay: 'Nov 29', yearFirst: false });
    const de = unlockDateParts(at, 'de');
    expect(de).toMatchObject({ year: '2026', yearFirst: false });
  });
});

describe('a row of tabs', () => {
  it('knows which edge still hides tabs', () => {
    expect(overflowOf(0, 390, 390)).toEqual({ start: false, end: false });
    expect(overflowOf(0, 390, 600)).toEqual({ start: false, end: true });
    expect(overflowOf(100, 390, 600)).toEqual({ start: true, end: true });
    expect(overflowOf(210, 390, 600)).toEqual({ start: true, end: false });
  });

  it('in the Account section shows no tab that is switched off (no disabled tab without a reason)', { timeout: 20_000 }, async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    renderWithShell(<AccountSection />, { queryClient });
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Wallets']);
    expect(tabs.filter((tab) => tab.hasAttribute('disabled') || tab.getAttribute('aria-disabled') === 'true')).toEqual([]);
    expect(screen.getByTestId('scroll-tabs')).toBeInTheDocument();
  });
});

describe('toasts at the top', () => {
  it('start below an open dialog\'s header, and at the top when none is open', () => {
    expect(toastTopOffset([], 844)).toBe(TOAST_TOP_GAP);
    expect(toastTopOffset([60.4], 844)).toBe(69);
    expect(toastTopOffset([60, 120], 844)).toBe(128);
    // A small dialog in the middle of a desktop leaves the top free.
    expect(toastTopOffset([520], 900)).toBe(TOAST_TOP_GAP);
  });
});
