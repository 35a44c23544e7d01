// The age screen that comes before the sign-up form (src/ui/AgeScreen.tsx): choose
// a date of birth and go on. The selects are native: Playwright chooses by value.
import type { Locator } from '@playwright/test';

/** An adult's date of birth, the one the e2e players give. */
export const ADULT = { day: 1, month: 4, year: 1990 } as const;

export async function answerAgeScreen(dialog: Locator, date: { day: number; month: number; year: number } = ADULT): Promise<void> {
  await dialog.getByTestId('age-day').selectOption(String(date.day));
  await dialog.getByTestId('age-month').selectOption(String(date.month));
  await dialog.getByTestId('age-year').selectOption(String(date.year));
  await dialog.getByTestId('age-continue').click();
}
