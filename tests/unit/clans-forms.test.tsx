// The Clans section's client-side checks, rendered in jsdom: a form with bad
// input shows the spec text and calls nothing.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CLAN_COLORS, CLAN_TEXT, DEFAULT_CLAN_COLOR, type ClanDetails } from '../../contract/clans';
import { myInvitesQuery } from '../../src/features/clans/api/getMyInvites';
import { levelProgressQuery } from '../../src/api/levelProgress';
import { CreateClanForm } from '../../src/features/clans/CreateClanModal';
import { DangerZone, DisbandForm, TransferForm } from '../../src/features/clans/DangerZone';
import { InviteForm } from '../../src/features/clans/InvitePlayerModal';
import { NonMemberView } from '../../src/features/clans/NonMemberView';
import type { ClanMembership } from '../../src/features/clans/useClanMembership';
import { adminsFirst, clanNameError, clanTagError, normalizeTag } from '../../src/features/clans/validation';
import { setChosenLocale } from '../../src/settings-store/language';
import ja from '../../src/i18n/catalogs/ja.json';
import { renderWithShell, testQueryClient } from '../support/render';

function wrap(children: ReactNode) {
  const client = testQueryClient();
  client.setQueryData(myInvitesQuery.queryKey, []);
  return renderWithShell(children, { queryClient: client });
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('clan name and tag rules', () => {
  it('names are 3-20 characters, tags 2-5 letters or digits, uppercased as typed', () => {
    expect(clanNameError('ab')).toBe(CLAN_TEXT.nameRule);
    expect(clanNameError('  ab  ')).toBe(CLAN_TEXT.nameRule);
    expect(clanNameError('abc')).toBeNull();
    expect(clanNameError('x'.repeat(20))).toBeNull();
    expect(clanNameError('x'.repeat(21))).toBe(CLAN_TEXT.nameRule);
    expect(clanTagError('A')).toBe(CLAN_TEXT.tagRule);
    expect(clanTagError('AB')).toBeNull();
    expect(clanTagError('ABCDE')).toBeNull();
    expect(clanTagError('ABCDEF')).toBe(CLAN_TEXT.tagRule);
    expect(clanTagError('A-B')).toBe(CLAN_TEXT.tagRule);
    expect(normalizeTag('owlsss')).toBe('OWLSS');
    expect(adminsFirst([{ role: 'member', username: 'a' }, { role: 'admin', username: 'z' }]).map((m) => m.username)).toEqual(['z', 'a']);
  });
});

describe('the Create a Clan form', () => {
  it('labels the colours and previews the tag and name in the player\'s language', async () => {
    // The Japanese dialog said "Clan Color" and previewed "TAG Clan Name" in English.
    await setChosenLocale('ja');
    try {
      wrap(<CreateClanForm onSubmit={() => undefined} onCancel={() => undefined} />);
      expect(screen.getByRole('radiogroup', { name: ja['clans.CreateClanModal.clanColor'] })).toBeInTheDocument();
      expect(screen.getByText(ja['clans.CreateClanModal.previewTag'])).toBeInTheDocument();
      expect(screen.queryByText('Clan Color')).toBeNull();
      expect(screen.queryByText('TAG')).toBeNull();
      expect(screen.queryByText('Clan Name')).toBeNull();
    } finally {
      await setChosenLocale(null);
    }
  });

  it('refuses a short name and tag with the spec texts and sends nothing', () => {
    const onSubmit = vi.fn();
    wrap(<CreateClanForm onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByLabelText('Clan Name')).toHaveAttribute('maxlength', '20');
    expect(screen.getByLabelText('Clan Tag')).toHaveAttribute('maxlength', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Clan' }));
    expect(screen.getByText(CLAN_TEXT.nameRule)).toBeInTheDocument();
    expect(screen.getByText(CLAN_TEXT.tagRule)).toBeInTheDocument();
    type('Clan Name', 'Ok');
    type('Clan Tag', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Create Clan' }));
    expect(screen.getByText(CLAN_TEXT.nameRule)).toBeInTheDocument();
    expect(screen.getByText(CLAN_TEXT.tagRule)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uppercases the tag as typed, defaults to the 13th colour and submits valid values', () => {
    const onSubmit = vi.fn();
    wrap(<CreateClanForm onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByRole('radio', { name: `Colour 13 (${DEFAULT_CLAN_COLOR})` })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('radio')).toHaveLength(16);
    type('Clan Name', '  Night Owls ');
    type('Clan Tag', 'owl');
    expect(screen.getByLabelText('Clan Tag')).toHaveValue('OWL');
    fireEvent.click(screen.getByRole('button', { name: 'Create Clan' }));
    expect(onSubmit).toHaveBeenCalledWith({ clanName: 'Night Owls', clanTag: 'OWL', clanColor: DEFAULT_CLAN_COLOR });
    fireEvent.click(screen.getByRole('radio', { name: `Colour 1 (${CLAN_COLORS[0]})` }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Clan' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ clanName: 'Night Owls', clanTag: 'OWL', clanColor: CLAN_COLORS[0] });
  });
});

describe('the Invite Player form', () => {
  it('searches only on Enter with text, needs a picked player, and editing clears the pick', async () => {
    const search = vi.fn(async () => [{ uuid: 'u1', username: 'bob' }, { uuid: 'u2', username: 'bobby' }]);
    const onInvite = vi.fn();
    wrap(<InviteForm onInvite={onInvite} onCancel={() => undefined} search={search} />);
    const input = screen.getByLabelText(/Player username/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(search).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'bo' } });
    expect(search).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(screen.getByText(CLAN_TEXT.selectPlayer)).toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();
    await act(async () => { fireEvent.keyDown(input, { key: 'Enter' }); });
    expect(search).toHaveBeenCalledWith('bo');
    fireEvent.click(screen.getByRole('option', { name: 'bobby' }));
    expect(screen.queryByText(CLAN_TEXT.selectPlayer)).toBeNull();
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(screen.getByText(CLAN_TEXT.selectPlayer)).toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('option', { name: 'bob' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(onInvite).toHaveBeenCalledWith('bob');
  });
});

describe('the Danger Zone forms', () => {
  it('Disband needs the exact clan name', () => {
    const onDisband = vi.fn();
    wrap(<DisbandForm clanName="Night Owls" onDisband={onDisband} />);
    type('Clan name', 'night owls');
    fireEvent.click(screen.getByRole('button', { name: 'Disband Clan' }));
    expect(screen.getByText(CLAN_TEXT.disbandName)).toBeInTheDocument();
    expect(onDisband).not.toHaveBeenCalled();
    type('Clan name', 'Night Owls');
    fireEvent.click(screen.getByRole('button', { name: 'Disband Clan' }));
    expect(onDisband).toHaveBeenCalledTimes(1);
  });

  it('Transfer needs a chosen member', () => {
    const onTransfer = vi.fn();
    wrap(<TransferForm members={[{ uuid: 'a', username: 'boss', role: 'admin', level: 20, tripcoinBalance: 0 }, { uuid: 'b', username: 'mate', role: 'member', level: 3, tripcoinBalance: 1 }]} onTransfer={onTransfer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer Ownership' }));
    expect(screen.getByText(CLAN_TEXT.transferTarget)).toBeInTheDocument();
    expect(onTransfer).not.toHaveBeenCalled();
  });
});

describe('the non-member view', () => {
  const membership = (level: number): ClanMembership => ({
    view: 'nonMember', busy: false, pendingKind: null, can: () => true, act: vi.fn(), retry: vi.fn(), refresh: vi.fn(),
    context: { loggedIn: true, reload: false, status: 'non-member', clanId: null, level, requested: [], pending: null, error: null, notice: null },
  });
  it('disables Create a Clan below level 15 with the spec text', () => {
    wrap(<NonMemberView membership={membership(14)} />);
    expect(screen.getByText("You're not in a clan")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a Clan' })).toBeDisabled();
    expect(screen.getByText(CLAN_TEXT.levelRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request to Join Clan' })).toBeEnabled();
    expect(screen.getByText('No pending invites')).toBeInTheDocument();
  });
  it('tells a new player how far the clan level is, how to get there, and opens their level progress', () => {
    // "Level 15 needed" alone gave no sense of distance.
    const client = testQueryClient();
    client.setQueryData(myInvitesQuery.queryKey, []);
    client.setQueryData(levelProgressQuery.queryKey, { userProgress: { currentLevel: 3, totalXP: 4_500, xpInCurrentLevel: 1_500, xpNeededForNext: 1_500, currentLevelEndXP: 3_000 }, levelRequirements: [], achievedLevels: [] } as never);
    const view = renderWithShell(<NonMemberView membership={membership(3)} />, { queryClient: client });
    // Level 15 needs 105,000 XP in all.
    expect(screen.getByTestId('clan-level-distance')).toHaveTextContent('You are level 3: 100,500 XP to go to reach level 15.');
    expect(screen.getByTestId('clan-level-rule')).toHaveTextContent('you can join a clan at any level');
    fireEvent.click(screen.getByRole('button', { name: 'See my level progress' }));
    expect(view.overlays.getState().overlay?.key).toBe('levelProgress');
  });
  it('enables it at level 15', () => {
    wrap(<NonMemberView membership={membership(15)} />);
    expect(screen.getByRole('button', { name: 'Create a Clan' })).toBeEnabled();
    expect(screen.queryByText(CLAN_TEXT.levelRequired)).toBeNull();
  });
});

describe('the admin\'s clan settings', () => {
  const membership = (): ClanMembership => ({
    view: 'member', busy: false, pendingKind: null, can: () => true, act: vi.fn(), retry: vi.fn(), refresh: vi.fn(),
    context: { loggedIn: true, reload: false, status: 'member', clanId: 'clan-1', level: 20, requested: [], pending: null, error: null, notice: null },
  });
  type Member = ClanDetails['members'][number];
  const admin: Member = { uuid: 'u-1', username: 'ada', role: 'admin', level: 20, tripcoinBalance: null };
  const clan = (members: Member[]): ClanDetails => ({ clanId: 'clan-1', clanName: 'Night Owls', clanTag: 'OWL', clanColor: DEFAULT_CLAN_COLOR, members });

  it('keeps the colour out of the danger zone, and offers hand-over only with another member', () => {
    const alone = wrap(<DangerZone membership={membership()} clan={clan([admin])} />);
    const zone = screen.getByTestId('clan-danger-zone');
    expect(screen.getByTestId('clan-color-editor')).toBeInTheDocument();
    expect(zone).not.toContainElement(screen.getByTestId('clan-color-editor'));
    fireEvent.click(within(zone).getByRole('button', { name: 'Danger Zone' }));
    expect(within(zone).queryByText('Transfer Ownership')).toBeNull();
    alone.unmount();
    wrap(<DangerZone membership={membership()} clan={clan([admin, { ...admin, uuid: 'u-2', username: 'bob', role: 'member' }])} />);
    fireEvent.click(within(screen.getByTestId('clan-danger-zone')).getByRole('button', { name: 'Danger Zone' }));
    expect(within(screen.getByTestId('clan-danger-zone')).getAllByText('Transfer Ownership').length).toBeGreaterThan(0);
  });
});
