// The age screen in jsdom: before web sign-up it asks a date of birth neutrally (nothing chosen,
// every year offered, no age named before the answer), an under-13 date gets no account and the
// refusal stays for the tab, an older date leads to the spec's form and is sent with the sign-up;
// before a first wager the coin flip modal asks it, and a 13-to-17 player sees no wager at all.
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_TEXT, answerAge, myAge } from '../../contract/age';
import { register } from '../../contract/auth';
import { openCoinflips } from '../../contract/coinflip';
import { baseInventory } from '../../contract/economy';
import { chosenDate, dateOrder } from '../../src/ui/AgeScreen';
import AuthModal, { SIGNUP_REFUSED_KEY } from '../../src/features/accounts/AuthModal';
import { authenticate } from '../../src/features/accounts/api/authRequests';
import CoinflipModal from '../../src/features/coinflip/CoinflipModal';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithPublicConfig, renderWithShell } from '../support/render';

let server: FakeServer;
beforeEach(() => { server = fakeServer(); sessionStorage.clear(); });
afterEach(() => { vi.restoreAllMocks(); sessionStorage.clear(); });

function signUpModal(children: ReactNode = <AuthModal payload={{ mode: 'signup' }} onClose={() => undefined} />) {
  return renderWithPublicConfig(children);
}

/** Chooses a date on the screen by its three selects. */
function choose(day: number, month: number, year: number) {
  fireEvent.change(screen.getByTestId('age-day'), { target: { value: String(day) } });
  fireEvent.change(screen.getByTestId('age-month'), { target: { value: String(month) } });
  fireEvent.change(screen.getByTestId('age-year'), { target: { value: String(year) } });
  fireEvent.click(screen.getByTestId('age-continue'));
}
const yearsAgo = (years: number) => new Date().getUTCFullYear() - years;

describe('the age screen before sign-up', () => {
  it('asks first, neutrally: nothing chosen, every year from this one back, no age named', () => {
    signUpModal();
    expect(screen.getByText('Create an Account')).toBeInTheDocument();
    const screenEl = screen.getByTestId('age-screen');
    expect(screen.queryByLabelText('Username')).toBeNull();
    for (const part of ['day', 'month', 'year']) expect((screen.getByTestId(`age-${part}`) as HTMLSelectElement).value).toBe('');
    const years = [...(screen.getByTestId('age-year') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean).map(Number);
    expect(years[0]).toBe(new Date().getUTCFullYear());
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(new Date().getUTCFullYear() - 1900 + 1);
    // Nothing says which age is wanted before the answer.
    expect(screenEl.textContent).not.toMatch(/\b1[38]\b|old enough|must be|at least/i);
    expect(screen.getByRole('group', { name: 'What is your date of birth?' })).toBeInTheDocument();
  });

  it('says what is missing or impossible', () => {
    signUpModal();
    fireEvent.click(screen.getByTestId('age-continue'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a day, a month and a year.');
    choose(31, 2, 2000);
    expect(screen.getByRole('alert')).toHaveTextContent('That date does not exist. Please check the day.');
    expect(chosenDate('1', '1', String(new Date().getUTCFullYear() + 1))).toEqual({ problem: AGE_TEXT.futureDate });
    expect(chosenDate('29', '2', '2000')).toEqual({ date: '2000-02-29' });
  });

  it('refuses an under-13 date without a request, and keeps refusing for the tab', () => {
    const { unmount } = signUpModal();
    choose(1, 1, yearsAgo(10));
    expect(screen.getByTestId('signup-refused')).toHaveTextContent(AGE_TEXT.tooYoung);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(server.sent).toEqual([]);
    expect(sessionStorage.getItem(SIGNUP_REFUSED_KEY)).toBe('1');
    unmount();
    // Opened again (the back button, a fresh modal): the refusal, not the question.
    signUpModal();
    expect(screen.getByTestId('signup-refused')).toBeInTheDocument();
    expect(screen.queryByTestId('age-screen')).toBeNull();
  });

  it("leads an older player to the spec's form as the spec draws it", () => {
    signUpModal();
    choose(15, 6, yearsAgo(20));
    expect(screen.queryByTestId('age-screen')).toBeNull();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText('Already have an account?', { exact: false })).toBeInTheDocument();
    expect(sessionStorage.getItem(SIGNUP_REFUSED_KEY)).toBeNull();
  });

  it('sends the answer as birth_date with the sign-up, and nothing when there is none', async () => {
    server.fail(register, 409, { error: 'That username is already taken', code: 'USERNAME_TAKEN' });
    const submission = { username: 'alice', password: 'secret1', confirmPassword: 'secret1', token: 'tok' };
    await expect(authenticate({ mode: 'signup', submission: { ...submission, birthDate: '2001-05-06' } })).rejects.toBeTruthy();
    await expect(authenticate({ mode: 'signup', submission })).rejects.toBeTruthy();
    expect(server.requests(register).map((r) => r.body)).toEqual([
      { username: 'alice', password: 'secret1', turnstile_token: 'tok', birth_date: '2001-05-06' },
      { username: 'alice', password: 'secret1', turnstile_token: 'tok' },
    ]);
  });

  it('writes the fields in the order of the player\'s language', () => {
    expect(dateOrder('de')).toEqual(['day', 'month', 'year']);
    expect(dateOrder('en-US')).toEqual(['month', 'day', 'year']);
    expect(dateOrder('ja')).toEqual(['year', 'month', 'day']);
    expect(dateOrder('ko')).toEqual(['year', 'month', 'day']);
  });
});

describe('the age screen before a first wager', () => {
  beforeEach(() => {
    server.answer(baseInventory, { inventory: {}, tripcoins: 250 });
    server.answer(openCoinflips, { games: [] });
  });
  const open = () => renderWithShell(<CoinflipModal payload={{ modalType: 'create' }} onClose={() => undefined} />);

  it('asks a player not asked yet, sends the answer, then offers the wager', async () => {
    server.answer(myAge, { age_band: null });
    server.answer(answerAge, { age_band: '18_plus' });
    open();
    expect(await screen.findByTestId('age-screen')).toHaveTextContent(AGE_TEXT.required);
    expect(screen.queryByTestId('coinflip-form')).toBeNull();
    server.answer(myAge, { age_band: '18_plus' });
    choose(2, 3, yearsAgo(30));
    await screen.findByTestId('coinflip-form');
    expect(server.requests(answerAge).map((r) => r.body)).toEqual([{ birth_date: `${yearsAgo(30)}-03-02` }]);
  });

  it('tells a 13-to-17 player wagers are not for them, with no form and no open wagers', async () => {
    server.answer(myAge, { age_band: '13_17' });
    open();
    expect(await screen.findByTestId('coinflip-age-restricted')).toHaveTextContent(AGE_TEXT.restricted);
    expect(screen.queryByTestId('coinflip-form')).toBeNull();
    expect(screen.queryByTestId('open-wagers')).toBeNull();
    expect(within(screen.getByTestId('coinflip-age-restricted')).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('offers the wager to an adult at once', async () => {
    server.answer(myAge, { age_band: '18_plus' });
    open();
    await screen.findByTestId('coinflip-form');
    expect(screen.queryByTestId('age-screen')).toBeNull();
  });
});
