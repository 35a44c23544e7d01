// The whole clan membership lifecycle in Chromium against the real server and the idle stand-in
// game with our receiver (stubGame: what the shell sends it is recorded; three software-rendered
// demo games left the three pages a few frames a second and took minutes),
// three players in three browser contexts, each acting through the Clans section as a player
// does: Ann creates a clan, invites Bob, Bob accepts, Cat asks to join and Ann
// accepts, Ann changes the colour, hands the clan to Bob, Bob removes Cat, Ann leaves, Bob
// disbands; browse and search along the way. After each step the other players' views are
// checked, and the game is told to Bootstrap after create, accept, request accept, colour, leave
// and disband (read back from what the game received). A member's name opens their profile over
// settings, and Escape returns to the clan list as it was. axe checks the Invite
// Player dialog, the colour editor, the Transfer Ownership confirmation and the Disband form.
// Screenshots go to /tmp/clans-shots/three-*.png.
import { mkdirSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { CLAN_COLORS, CLAN_TEXT } from '../../contract/clans';
import { SHELL_TO_GAME } from '../../contract/game';
import { xpRequiredForLevel } from '../../contract/levels';
import { expectNoSeriousViolations } from './axe';
import { reopenClans, SECTION, SHOTS, showClans } from './clans-helpers';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';
import { stubGame } from './accounts-helpers';
import { loadingScreenGone } from './game';

/** What the game was sent, oldest first (the stand-in's record). */
type Received = Array<{ method: string; value: unknown }>;

test.describe.configure({ timeout: 600_000 });
test.use({ actionTimeout: 60_000 }); // a control that never appears fails the step, not the whole run
const T = 45_000; // three pages and the server share a small machine

mkdirSync(SHOTS, { recursive: true });
const MODAL = '.mantine-Modal-content';


/** How many times the demo game was told to Bootstrap. */
const bootstraps = (page: Page) => page.evaluate((method) =>
  ((window as unknown as { __idleReceived?: Received }).__idleReceived ?? []).filter((m) => m.method === method).length, SHELL_TO_GAME.bootstrap);

/** Which overlays the demo game was told closed (OnOverlayClosed), oldest first. */
const closedOverlays = (page: Page) => page.evaluate((method) =>
  ((window as unknown as { __idleReceived?: Received }).__idleReceived ?? []).filter((m) => m.method === method).map((m) => String(m.value)), SHELL_TO_GAME.overlayClosed);

/** Runs `step` and checks the game on `page` was told to Bootstrap once more. */
async function expectBootstrap(page: Page, step: () => Promise<void>) {
  const before = await bootstraps(page);
  await step();
  await expect.poll(() => bootstraps(page), { timeout: T }).toBeGreaterThan(before);
}

const section = (page: Page) => page.locator(SECTION);
const members = (page: Page) => page.getByTestId('clan-member');
const toast = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible({ timeout: T });

async function openDangerZone(page: Page) {
  const toggle = section(page).getByRole('button', { name: 'Danger Zone' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('clan-color-editor')).toBeVisible();
}

test('three players: create, invite and accept, request and accept, colour, transfer, remove, leave, disband; browse and search', async ({ browser }, info) => {
  const started = Date.now();
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/three-${name}.png` });
  const stamp = Date.now().toString(36).slice(-6);
  const ann = `ann_${stamp}`;
  const bob = `bob_${stamp}`;
  const cat = `cat_${stamp}`;
  const clanName = `Foxes ${stamp}`;
  const tag = `F${stamp.slice(-3)}`.toUpperCase();
  const label = `[${tag}] ${clanName}`;

  const use = info.project.use;
  const contexts: BrowserContext[] = [];
  const newPlayer = async () => {
    const context = await browser.newContext({ baseURL: use.baseURL, viewport: use.viewport });
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  try {
    const A = await newPlayer();
    const B = await newPlayer();
    const C = await newPlayer();
    const annUuid = await registerPlayer(A.context.request, ann);
    await registerPlayer(B.context.request, bob);
    await registerPlayer(C.context.request, cat);
    // Ann reaches level 15 through the game server's award API; Bob and Cat stay at level 1.
    await awardPlayer(A.context.request, { uuid: annUuid, xp: xpRequiredForLevel(15), awardId: `clans-three-${stamp}` });

    // All three are in the game (it has to be running to hear Bootstrap) with Clans open.
    for (const { page } of [A, B, C]) { await stubGame(page, { receiver: true }); await page.goto('/'); }
    for (const { page } of [A, B, C]) {
      await loadingScreenGone(page, 90_000);
      await page.waitForFunction(() => Array.isArray((window as unknown as { __idleReceived?: unknown }).__idleReceived), undefined, { timeout: 90_000 });
      await showClans(page);
      await expect(section(page).getByText("You're not in a clan")).toBeVisible({ timeout: T });
    }

    // 1. Ann creates the clan.
    await expectBootstrap(A.page, async () => {
      await section(A.page).getByRole('button', { name: 'Create a Clan' }).click();
      const create = A.page.getByRole('dialog', { name: 'Create a Clan' });
      await create.getByLabel('Clan Name').fill(clanName);
      await create.getByLabel('Clan Tag').fill(tag.toLowerCase());
      await create.getByRole('button', { name: 'Create Clan' }).click();
      await toast(A.page, `Clan ${label} created`);
    });
    await expect(A.page.getByTestId('clan-admin-view').getByText(label)).toBeVisible({ timeout: T });
    await expect(members(A.page)).toHaveCount(1);

    // 2. Ann invites Bob (search runs on Enter, the player is picked from the results).
    await section(A.page).getByRole('button', { name: 'Invite Player' }).click();
    const invite = A.page.getByRole('dialog', { name: `Invite Player to ${clanName}` });
    await invite.getByLabel('Player username').fill(bob);
    await invite.getByLabel('Player username').press('Enter');
    await invite.getByRole('option', { name: bob }).click();
    await expect(invite.getByText(`Selected: ${bob}`)).toBeVisible();
    await shot(A.page, 'invite-dialog');
    await expectNoSeriousViolations(A.page, MODAL);
    await invite.getByRole('button', { name: 'Send Invite' }).click();
    await toast(A.page, `Invite sent to ${bob}`);
    await expect(invite).toHaveCount(0, { timeout: T });
    await expect(A.page.getByTestId('clan-sent-invite').filter({ hasText: bob })).toBeVisible({ timeout: T });

    // Bob sees the pending invite and accepts it; Cat, not invited, sees none.
    await reopenClans(B.page, T);
    const bobInvite = B.page.getByTestId('clan-invite').filter({ hasText: label });
    await expect(bobInvite).toBeVisible({ timeout: T });
    await reopenClans(C.page, T);
    await expect(section(C.page).getByText('No pending invites')).toBeVisible({ timeout: T });
    await expectBootstrap(B.page, async () => {
      await bobInvite.getByRole('button', { name: `Accept invite from ${clanName}` }).click();
      await toast(B.page, `You joined ${clanName}`);
    });
    await expect(B.page.getByTestId('clan-member-view').getByText(label)).toBeVisible({ timeout: T });
    await expect(members(B.page)).toHaveCount(2);
    await expect(section(B.page).getByRole('button', { name: 'Danger Zone' })).toHaveCount(0);
    // Ann: Bob is a member now, and the invite is no longer outstanding.
    await reopenClans(A.page, T);
    await expect(members(A.page).filter({ hasText: bob })).toBeVisible({ timeout: T });
    await expect(A.page.getByTestId('clan-sent-invite')).toHaveCount(0);

    // 3. Cat searches for the clan by tag and asks to join; Ann accepts.
    await section(C.page).getByRole('button', { name: 'Request to Join Clan' }).click();
    const search = C.page.getByRole('dialog', { name: 'Request to Join Clan' });
    await search.getByLabel('Search clans').fill(tag.toLowerCase());
    await search.getByLabel('Search clans').press('Enter');
    await expect(search.getByTestId('clan-search-results')).toContainText('2 members', { timeout: T });
    await search.getByRole('button', { name: `Request to join ${clanName}` }).click();
    await expect(search.getByRole('button', { name: `Request sent to ${clanName}` })).toBeDisabled({ timeout: T });
    await search.getByRole('button', { name: 'Close dialog' }).click();
    await expect(section(C.page).getByTestId('clan-request-pending')).toBeVisible();
    await reopenClans(A.page, T);
    const request = A.page.getByTestId('clan-join-request').filter({ hasText: cat });
    await expect(request).toBeVisible({ timeout: T });
    await expectBootstrap(A.page, async () => {
      await request.getByRole('button', { name: `Accept ${cat}` }).click();
      await toast(A.page, `${cat} joined the clan`);
    });
    await expect(members(A.page)).toHaveCount(3, { timeout: T });
    await expect(members(A.page).first()).toContainText(ann); // the admin first
    await reopenClans(C.page, T);
    await expect(C.page.getByTestId('clan-member-view').getByText(label)).toBeVisible({ timeout: T });
    await expect(members(C.page)).toHaveCount(3);

    // A member's name opens their profile over settings; Escape comes back to the list.
    await section(C.page).getByRole('tab', { name: 'Browse Clans' }).click();
    const browsed = C.page.getByTestId('clan-browse-item').filter({ hasText: clanName });
    await expect(browsed).toContainText('3 members', { timeout: T });
    await browsed.getByRole('button').first().click();
    const bobName = browsed.getByRole('button', { name: `View profile of ${bob}` });
    await expect(bobName).toBeVisible();
    await shot(C.page, 'browse-members-desktop');
    await expectNoSeriousViolations(C.page, SECTION);
    const closedBefore = (await closedOverlays(C.page)).length;
    await bobName.focus(); // a real button: the keyboard opens it too
    await C.page.keyboard.press('Enter');
    const profile = C.page.getByRole('dialog', { name: 'Player Profile' });
    await expect(profile.getByTestId('profile-username')).toHaveText(bob, { timeout: T });
    await expect(C.page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0); // covered, not read out
    await shot(C.page, 'profile-from-members-desktop');
    await C.page.keyboard.press('Escape');
    await expect(profile).toHaveCount(0, { timeout: T });
    await expect(C.page.getByTestId('settings-overlay')).toBeVisible();
    await expect(section(C.page).getByRole('tab', { name: 'Browse Clans' })).toHaveAttribute('aria-selected', 'true');
    await expect(bobName).toBeVisible(); // the member list is still expanded
    await expect(bobName).toBeFocused();
    // The game hears that the profile closed, and nothing about settings, which is still open.
    await expect.poll(async () => (await closedOverlays(C.page)).slice(closedBefore), { timeout: T }).toEqual(['profile']);
    // The same from Your Clan, with the profile's Back button, on a phone-sized screen: back to
    // the clan list, not to the viewer's own profile.
    await C.page.setViewportSize({ width: 390, height: 844 });
    await section(C.page).getByRole('tab', { name: 'Your Clan' }).click();
    const annName = section(C.page).getByRole('button', { name: `View profile of ${ann}` });
    await expect(annName).toBeVisible({ timeout: T });
    await shot(C.page, 'members-phone');
    await annName.click();
    await expect(profile.getByTestId('profile-username')).toHaveText(ann, { timeout: T });
    await shot(C.page, 'profile-from-members-phone');
    await profile.getByRole('button', { name: 'Back' }).click();
    await expect(profile).toHaveCount(0, { timeout: T });
    await expect(annName).toBeVisible();
    await C.page.setViewportSize(use.viewport ?? { width: 1280, height: 800 });

    // 4. Ann changes the colour; Bob sees it.
    const color = CLAN_COLORS[2];
    await openDangerZone(A.page);
    await A.page.getByRole('radio', { name: `Colour 3 (${color})` }).click();
    await expect(A.page.getByRole('radio', { name: `Colour 3 (${color})` })).toHaveAttribute('aria-checked', 'true');
    await expectNoSeriousViolations(A.page, '[data-testid="clan-color-editor"]');
    await shot(A.page, 'admin-danger-zone');
    await expectBootstrap(A.page, async () => {
      await A.page.getByRole('button', { name: 'Save Color' }).click();
      await toast(A.page, 'Clan colour updated');
    });
    await expect(A.page.getByTestId('clan-admin-view').getByText(label)).toHaveAttribute('data-clan-color', color, { timeout: T });
    await reopenClans(B.page, T);
    await expect(B.page.getByTestId('clan-member-view').getByText(label)).toHaveAttribute('data-clan-color', color, { timeout: T });

    // 5. Ann hands the clan to Bob (a member must be chosen; the admin is not offered).
    await openDangerZone(A.page);
    await A.page.getByTestId('clan-admin-view').getByRole('button', { name: 'Transfer Ownership' }).click();
    await expect(A.page.getByText(CLAN_TEXT.transferTarget)).toBeVisible();
    await A.page.getByRole('combobox', { name: 'New admin' }).click();
    await expect(A.page.getByRole('option', { name: ann })).toHaveCount(0);
    await A.page.getByRole('option', { name: bob }).click();
    await A.page.getByTestId('clan-admin-view').getByRole('button', { name: 'Transfer Ownership' }).click();
    const transfer = A.page.getByRole('dialog', { name: 'Transfer Ownership' });
    await expect(transfer).toContainText(`Make ${bob} the admin of ${clanName}?`);
    await shot(A.page, 'transfer-confirm');
    await expectNoSeriousViolations(A.page, MODAL);
    await transfer.getByRole('button', { name: 'Transfer Ownership' }).click();
    await toast(A.page, `${bob} is now the clan admin`);
    await expect(A.page.getByTestId('clan-member-view')).toBeVisible({ timeout: T });
    await expect(section(A.page).getByRole('button', { name: 'Danger Zone' })).toHaveCount(0);
    await expect(section(A.page).getByRole('button', { name: 'Leave Clan' })).toBeVisible();
    await reopenClans(B.page, T);
    await expect(B.page.getByTestId('clan-admin-view')).toBeVisible({ timeout: T });
    await expect(section(B.page).getByRole('button', { name: 'Danger Zone' })).toBeVisible();
    await expect(members(B.page).first()).toContainText(bob);
    await expect(members(B.page).first()).toContainText('Admin');

    // 6. Bob removes Cat; the new admin cannot be removed; Cat is a non-member again.
    await expect(section(B.page).getByRole('button', { name: `Remove ${bob}` })).toHaveCount(0);
    await section(B.page).getByRole('button', { name: `Remove ${cat}` }).click();
    // Remove asks first (one tap used to act); Cancel keeps Cat.
    const remove = B.page.getByRole('dialog', { name: 'Remove Member' });
    await expect(remove).toContainText(`Remove ${cat} from ${clanName}?`);
    await expectNoSeriousViolations(B.page, MODAL);
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toHaveCount(0);
    await expect(members(B.page)).toHaveCount(3);
    await section(B.page).getByRole('button', { name: `Remove ${cat}` }).click();
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast(B.page, 'Member removed');
    await expect(remove).toHaveCount(0);
    await expect(members(B.page)).toHaveCount(2, { timeout: T });
    await reopenClans(C.page, T);
    await expect(section(C.page).getByText("You're not in a clan")).toBeVisible({ timeout: T });

    // 7. Ann leaves (with a confirmation); Bob is left alone.
    await section(A.page).getByRole('button', { name: 'Leave Clan' }).click();
    const leave = A.page.getByRole('dialog', { name: 'Leave Clan' });
    await expectBootstrap(A.page, async () => {
      await leave.getByRole('button', { name: 'Leave Clan' }).click();
      await toast(A.page, 'You left the clan');
    });
    await expect(section(A.page).getByText("You're not in a clan")).toBeVisible({ timeout: T });
    await reopenClans(B.page, T);
    await expect(members(B.page)).toHaveCount(1, { timeout: T });

    // Browse and search from Cat's side: one member left.
    await section(C.page).getByRole('tab', { name: 'Browse Clans' }).click();
    await expect(C.page.getByTestId('clan-browse-item').filter({ hasText: clanName })).toContainText('1 member ·', { timeout: T });
    await section(C.page).getByRole('tab', { name: 'Your Clan' }).click();

    // 8. Bob disbands: the name must be typed exactly.
    await openDangerZone(B.page);
    const disband = B.page.getByTestId('clan-disband');
    await disband.getByLabel('Clan name').fill(clanName.toUpperCase());
    // aria-disabled until the name matches, but still pressable: it then says why. Pressed from
    // the keyboard, as a forced click would land wherever the opening Danger Zone has it mid-way.
    await disband.getByRole('button', { name: 'Disband Clan' }).press('Enter');
    await expect(disband.getByText(CLAN_TEXT.disbandName)).toBeVisible();
    await expectNoSeriousViolations(B.page, '[data-testid="clan-disband"]');
    await disband.getByLabel('Clan name').fill(clanName);
    await shot(B.page, 'disband');
    await expectBootstrap(B.page, async () => {
      await disband.getByRole('button', { name: 'Disband Clan' }).click();
      await toast(B.page, 'Clan deleted');
    });
    await expect(section(B.page).getByText("You're not in a clan")).toBeVisible({ timeout: T });

    // The clan is gone from browse and search.
    await reopenClans(C.page, T);
    await section(C.page).getByRole('tab', { name: 'Browse Clans' }).click();
    await expect(C.page.getByTestId('clan-browse')).toBeVisible({ timeout: T });
    await expect(C.page.getByTestId('clan-browse-item').filter({ hasText: clanName })).toHaveCount(0);
    await section(C.page).getByRole('tab', { name: 'Your Clan' }).click();
    await section(C.page).getByRole('button', { name: 'Request to Join Clan' }).click();
    const again = C.page.getByRole('dialog', { name: 'Request to Join Clan' });
    await again.getByLabel('Search clans').fill(clanName);
    await again.getByLabel('Search clans').press('Enter');
    await expect(again.getByText('No clans found')).toBeVisible({ timeout: T });
    console.log(`three-player clan lifecycle: ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const context of contexts) await context.close();
  }
});
