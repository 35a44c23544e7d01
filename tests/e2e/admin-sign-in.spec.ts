// The console's own sign-in: a visitor at /admin who is not signed in gets a sign-in form and
// never the operator's commands; an admin signs in there and lands in the console.
import { randomUUID } from 'node:crypto';
import { registerPlayer } from './players';
import { expect, test } from './test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

test('a visitor signs in to the console at /admin, never shown the operator commands', async ({ page }) => {
  const adminName = `admin_${randomUUID().slice(0, 8)}`;
  await registerPlayer(page.request, adminName);
  const granted = await fetch(`http://127.0.0.1:${PORT + 3}/grant-admin?username=${encodeURIComponent(adminName)}`, { method: 'POST' });
  expect(granted.status).toBe(200);
  // Signed out: a fresh visitor.
  await page.context().clearCookies();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Studio console' })).toBeVisible();
  await expect(page.getByText(/grant-admin|npm run admin/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Type the username and the password of an admin account.');
  await page.getByLabel('Username').fill(adminName);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Password' }).fill('e2e-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'Players' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`signed in as ${adminName}`)).toBeVisible();
});
