// Clans in Chromium against the real server, two players in two browser contexts: the logged-out
// prompt, create a clan (level 15 via the game-server award), a join request from the other
// player, the admin accepts, the member sees the clan. Screenshots of each clan view go to
// /tmp/clans-shots/; axe checks the section. Both pages run the idle stand-in game: nothing here
// is about the game, and the software-rendered demo game leaves the page a few frames a second.
import { mkdirSync } from 'node:fs';
import { xpRequiredForLevel } from '../../contract/levels';
import { expectNoSeriousViolations } from './axe';
import { stubGame } from './accounts-helpers';
import { reopenClans, SECTION, SHOTS, showClans } from './clans-helpers';
import { awardPlayer, registerPlayer } from './players';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 300_000 });
const T = 20_000;

mkdirSync(SHOTS, { recursive: true });

/** WCAG 2 contrast of two computed `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r = 0, g = 0, bl = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('a clan is created, another player asks to join, the admin accepts and the member sees it', async ({ page, browser }, info) => {
  const project = info.project.name;
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/${project}-${name}.png` });
  const stamp = `${project.slice(0, 2)}${Date.now().toString(36).slice(-6)}`;
  const owner = `own_${stamp}`;
  const joiner = `joi_${stamp}`;
  const clanName = `Owls ${stamp}`;
  const clanTag = `o${stamp.slice(-3)}`; // typed lowercase, shown uppercase

  // The owner: registered and raised to level 15 by the game server, before the page loads.
  const ownerUuid = await registerPlayer(page.context().request, owner);
  await awardPlayer(page.context().request, { uuid: ownerUuid, xp: xpRequiredForLevel(15), awardId: `clans-e2e-${stamp}` });

  // The joiner's page starts logged out: the section asks them to log in.
  const use = info.project.use;
  const other = await browser.newContext({
    baseURL: use.baseURL, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch, deviceScaleFactor: use.deviceScaleFactor,
  });
  const joinerPage = await other.newPage();
  await stubGame(joinerPage);
  await stubGame(page);
  try {
    await joinerPage.goto('/');
    await showClans(joinerPage);
    await expect(joinerPage.getByText('Log in to create a clan, join one or see your invites.')).toBeVisible({ timeout: T });
    await shot(joinerPage, 'logged-out');
    await joinerPage.getByRole('button', { name: 'Log In' }).click();
    await expect(joinerPage.getByText('Welcome back')).toBeVisible({ timeout: T });
    await joinerPage.keyboard.press('Escape');
    await registerPlayer(other.request, joiner);

    // The owner creates the clan.
    await page.goto('/');
    await showClans(page);
    const section = page.locator(SECTION);
    await expect(section.getByText("You're not in a clan")).toBeVisible({ timeout: T });
    await expect(section.getByRole('button', { name: 'Create a Clan' })).toBeEnabled();
    await shot(page, 'non-member');
    await section.getByRole('button', { name: 'Create a Clan' }).click();
    const create = page.getByRole('dialog', { name: 'Create a Clan' });
    await create.getByLabel('Clan Name').fill('ab');
    await create.getByLabel('Clan Tag').fill(clanTag);
    await expect(create.getByLabel('Clan Tag')).toHaveValue(clanTag.toUpperCase());
    await create.getByRole('button', { name: 'Create Clan' }).click();
    await expect(create.getByText('Clan name must be 3-20 characters')).toBeVisible();
    await create.getByLabel('Clan Name').fill(clanName);
    await shot(page, 'create-dialog');
    await create.getByRole('button', { name: 'Create Clan' }).click();
    await expect(page.getByText(`Clan [${clanTag.toUpperCase()}] ${clanName} created`)).toBeVisible({ timeout: T });
    await expect(page.getByTestId('clan-admin-view')).toBeVisible({ timeout: T });
    await expect(page.getByTestId('clan-admin-view').getByText(`[${clanTag.toUpperCase()}] ${clanName}`)).toBeVisible();

    // The joiner (level 1) cannot create, and asks to join through the search dialog.
    await joinerPage.reload();
    await showClans(joinerPage);
    const joinerSection = joinerPage.locator(SECTION);
    await expect(joinerSection.getByRole('button', { name: 'Create a Clan' })).toBeDisabled({ timeout: T });
    await expect(joinerSection.getByText('Must be level 15 to create clan')).toBeVisible();
    await joinerSection.getByRole('button', { name: 'Request to Join Clan' }).click();
    const search = joinerPage.getByRole('dialog', { name: 'Request to Join Clan' });
    await search.getByLabel('Search clans').fill(clanTag);
    await search.getByLabel('Search clans').press('Enter');
    await search.getByRole('button', { name: `Request to join ${clanName}` }).click();
    await expect(search.getByRole('button', { name: `Request sent to ${clanName}` })).toBeDisabled({ timeout: T });
    await expect(joinerPage.getByText(`Request sent to ${clanName}`).first()).toBeVisible();
    await shot(joinerPage, 'request-dialog');
    await search.getByRole('button', { name: 'Close dialog' }).click();
    await expect(joinerSection.getByTestId('clan-request-pending')).toBeVisible({ timeout: T });
    await shot(joinerPage, 'request-pending');

    // The owner sees the request and accepts it.
    await reopenClans(page, T);
    const request = page.getByTestId('clan-join-request').filter({ hasText: joiner });
    await expect(request).toBeVisible({ timeout: T });
    await page.getByRole('button', { name: 'Danger Zone' }).click();
    await expect(page.getByLabel('Clan name')).toBeVisible();
    await shot(page, 'admin');
    await expectNoSeriousViolations(page, SECTION);
    await request.getByRole('button', { name: `Accept ${joiner}` }).click();
    await expect(page.getByText(`${joiner} joined the clan`)).toBeVisible({ timeout: T });
    await expect(page.getByTestId('clan-member').filter({ hasText: joiner })).toBeVisible({ timeout: T });
    await expect(page.getByTestId('clan-member').filter({ hasText: joiner }).getByRole('button', { name: `Remove ${joiner}` })).toBeVisible();

    // The member sees the clan, with the admin listed first, and Leave Clan.
    await reopenClans(joinerPage, T);
    const member = joinerPage.getByTestId('clan-member');
    await expect(joinerPage.getByTestId('clan-member-view').getByText(`[${clanTag.toUpperCase()}] ${clanName}`)).toBeVisible({ timeout: T });
    await expect(member).toHaveCount(2);
    await expect(member.first()).toContainText(owner);
    await expect(member.first()).toContainText('Admin');
    // Member cards: the initial, a level badge, the role; the tag chip in the
    // clan colour with text at 4.5:1 or better on it.
    await expect(member.first().getByTestId('clan-member-avatar')).toHaveText(owner.slice(0, 1).toUpperCase());
    await expect(member.first().getByTestId('clan-member-level')).toHaveText('Level 15');
    await expect(member.nth(1)).toContainText('Member');
    const chip = joinerPage.getByTestId('clan-member-view').getByTestId('clan-tag-chip');
    const colours = await chip.evaluate((el) => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; });
    expect(colours[1]).toBe('rgb(34, 139, 230)'); // the default clan colour, #228be6
    expect(contrast(colours[0] ?? '', colours[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    await expect(joinerSection.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(joinerSection.getByRole('button', { name: 'Leave Clan' })).toBeVisible();
    await shot(joinerPage, 'member');
    await expectNoSeriousViolations(joinerPage, SECTION);
    await joinerSection.getByRole('button', { name: 'Leave Clan' }).click();
    await expect(joinerPage.getByRole('dialog', { name: 'Leave Clan' })).toBeVisible();
    await shot(joinerPage, 'leave-confirm');
    await joinerPage.getByRole('dialog', { name: 'Leave Clan' }).getByRole('button', { name: 'Cancel' }).click();

    // Browse: the clan with its members, average level and the pager.
    await joinerSection.getByRole('tab', { name: 'Browse Clans' }).click();
    const item = joinerPage.getByTestId('clan-browse-item').filter({ hasText: clanName });
    await expect(item).toBeVisible({ timeout: T });
    await expect(item).toContainText('2 members · Avg level 8');
    await item.getByRole('button').first().click();
    await expect(item.getByText('Level 15')).toBeVisible();
    await expect(joinerSection.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await shot(joinerPage, 'browse');
    await expectNoSeriousViolations(joinerPage, SECTION);
  } finally {
    await other.close();
  }
});
