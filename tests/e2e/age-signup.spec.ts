// Web sign-up's age screen in Chromium against the real server: an
// under-13 date of birth gets no account (no sign-up request leaves the page, and the refusal
// stays when the form is opened again); a 20-year-old goes on to the spec's form and signs up.
import { finishLoading, stubGame, PAGE_HELD_LOADING } from './accounts-helpers';
import { answerAgeScreen } from './age';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 120_000 });

async function openSignup(page: Page) {
  // The bridge installs with the shell's second chunk: repeat until the modal is there.
  await expect(async () => {
    await page.evaluate(() => window.postMessage({ type: 'switchAuthMode', mode: 'signup' }, location.origin));
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return page.getByRole('dialog');
}

test('an under-13 birth date cannot sign up; a 20-year-old can', async ({ page }) => {
  await stubGame(page, { completeWhenTold: true });
  const registers: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/register') registers.push(r.postData() ?? ''); });
  await page.goto(PAGE_HELD_LOADING);
  await finishLoading(page);
  const thisYear = new Date().getUTCFullYear();

  // A child: the refusal, no form, nothing sent; opened again, still the refusal.
  let dialog = await openSignup(page);
  await expect(dialog.getByTestId('age-screen')).toBeVisible();
  await answerAgeScreen(dialog, { day: 10, month: 6, year: thisYear - 9 });
  await expect(dialog.getByTestId('signup-refused')).toContainText('Sorry, we cannot create an account for you.');
  await expect(dialog.getByLabel('Username')).toHaveCount(0);
  await dialog.getByTestId('signup-refused').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  dialog = await openSignup(page);
  await expect(dialog.getByTestId('signup-refused')).toBeVisible();
  expect(registers).toEqual([]);
  await dialog.getByTestId('signup-refused').getByRole('button', { name: 'Close' }).click();

  // The flag lives as long as the tab's session storage: a new tab (here, cleared) asks again.
  await page.evaluate(() => sessionStorage.clear());
  dialog = await openSignup(page);
  await answerAgeScreen(dialog, { day: 10, month: 6, year: thisYear - 20 });
  const username = `age${Date.now().toString(36).slice(-8)}`;
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('e2e-pass-1');
  await dialog.getByLabel('Confirm password').fill('e2e-pass-1');
  await expect(page.locator('altcha-widget').getByText(/verified/i)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(`Welcome to the game, ${username}!`)).toBeVisible({ timeout: 30_000 });
  expect(registers).toHaveLength(1);
  expect(JSON.parse(registers[0]!)).toMatchObject({ username, birth_date: `${thisYear - 20}-06-10` });
  // Only the band was kept: an adult may wager.
  expect((await (await page.request.get('/api/account/age')).json())).toEqual({ age_band: '18_plus' });
});
