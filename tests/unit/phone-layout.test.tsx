// The phone's layout rules that can be checked without a browser: tile dates in whole words,
// tab rows that show they scroll (and no tab disabled without a reason), a label on every
// figure of the history cards, and top toasts that start below an open dialog's header.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../src/api/currentUser';
import AccountSection from '../../src/features/accounts/AccountSection';
import { unlockDateParts } from '../../src/features/progress/progressLogic';
import { overflowOf } from '../../src/ui/ScrollTabsList';
import { TOAST_HEIGHT, TOAST_TOP_GAP, toastTop } from '../../src/ui/toastOffset';
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
  const phone = { width: 390, height: 844 };
  const band = (top: number, bottom: number, left = 0, right = 390) => ({ top, bottom, left, right });
  it('start at the top when no dialog is open, and below an open dialog\'s header otherwise', () => {
    expect(toastTop([], [], phone)).toBe(TOAST_TOP_GAP);
    expect(toastTop([band(0, 60.4)], [], phone)).toBe(69);
    expect(toastTop([band(0, 60), band(60, 120)], [], phone)).toBe(128);
    // A small dialog in the middle of a desktop leaves the top free.
    expect(toastTop([band(400, 460, 440, 840)], [], { width: 1280, height: 900 })).toBe(TOAST_TOP_GAP);
  });

  it('never cover a dialog\'s tabs or status box, and keep off its controls where there is room', () => {
    // A phone overlay: header, tabs, a status box, then buttons, then free room.
    const header = band(0, 56);
    const tabs = band(56, 100);
    const status = band(110, 170);
    const buttons = [band(180, 220, 16, 180), band(180, 220, 200, 374)];
    const top = toastTop([header, tabs, status], buttons, phone);
    expect(top).toBe(228);
    for (const b of [header, tabs, status, ...buttons]) expect(b.bottom <= top || b.top >= top + TOAST_HEIGHT).toBe(true);
    // A dialog full of controls: the toast still never covers the header, tabs or status box.
    const grid = Array.from({ length: 20 }, (_, i) => band(180 + i * 30, 205 + i * 30));
    const crowded = toastTop([header, tabs, status], grid, phone);
    for (const b of [header, tabs, status]) expect(b.bottom <= crowded || b.top >= crowded + TOAST_HEIGHT).toBe(true);
  });
});
