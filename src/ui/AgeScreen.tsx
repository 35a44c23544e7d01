// The age screen (docs/domain/age.md): a date of birth asked neutrally, as the FTC's COPPA FAQ
// ("Complying with COPPA: Frequently Asked Questions", G.3) describes a neutral age screen: every
// day, month and year can be chosen (a child can enter their real age), nothing is pre-filled, and
// nothing before the answer says which age is needed. Shown before web sign-up and before a first
// wager. The fields follow the player's language's date order (day-month-year, month-day-year,
// year-month-day) and are native selects, which phones open as their own pickers.
import { Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { calendarDate, OLDEST_BIRTH_YEAR } from '../../contract/age';
import { currentLocale, t } from '../i18n';
import { AGE_TEXT } from '../i18n/texts';

type Part = 'day' | 'month' | 'year';

/** The order the player's language writes a date in. */
export function dateOrder(locale: string): Part[] {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(Date.UTC(2000, 10, 22)));
  const order = parts.map((p) => p.type).filter((p): p is Part => p === 'day' || p === 'month' || p === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The chosen date as YYYY-MM-DD, or why there is none yet. */
export function chosenDate(day: string, month: string, year: string, today: Date = new Date()): { date: string } | { problem: string } {
  if (!day || !month || !year) return { problem: t('age.incomplete') };
  const iso = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
  if (!calendarDate(iso)) return { problem: t('age.noSuchDay') };
  if (iso > today.toISOString().slice(0, 10)) return { problem: AGE_TEXT.futureDate };
  return { date: iso };
}

export interface AgeScreenProps {
  /** Said above the question (before a first wager); nothing at sign-up. */
  intro?: string | undefined;
  onAnswer: (birthDate: string) => void;
  busy?: boolean;
  /** A refusal of the answer from the server, in the player's language. */
  error?: string | null | undefined;
}

export function AgeScreen({ intro, onAnswer, busy = false, error }: AgeScreenProps) {
  const locale = currentLocale();
  const questionId = useId();
  const [day, setDay] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const thisYear = new Date().getUTCFullYear();
  const options = useMemo(() => {
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale, { useGrouping: false });
    const empty = { value: '', label: '—' };
    return {
      day: [empty, ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: number.format(i + 1) }))],
      month: [empty, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName.format(new Date(Date.UTC(2000, i, 1))) }))],
      // Every year from this one back: no year is left out, so any age can be told truly.
      year: [empty, ...Array.from({ length: thisYear - OLDEST_BIRTH_YEAR + 1 }, (_, i) => ({ value: String(thisYear - i), label: number.format(thisYear - i) }))],
    };
  }, [locale, thisYear]);
  const values = { day, month, year };
  const setters = { day: setDay, month: setMonth, year: setYear };
  const labels = { day: t('age.day'), month: t('age.month'), year: t('age.year') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const chosen = chosenDate(day, month, year);
    if ('problem' in chosen) { setProblem(chosen.problem); return; }
    setProblem(null);
    onAnswer(chosen.date);
  };
  const shown = problem ?? error ?? null;

  return (
    <form onSubmit={submit} noValidate data-testid="age-screen">
      <Stack gap="sm">
        {intro && <Text size="sm">{intro}</Text>}
        <div role="group" aria-labelledby={questionId}>
          <Text id={questionId} fw={600} mb={6}>{t('age.question')}</Text>
          <SimpleGrid cols={3} spacing="xs">
            {dateOrder(locale).map((part) => (
              <NativeSelect
                key={part}
                label={labels[part]}
                data={options[part]}
                value={values[part]}
                onChange={(e) => { setters[part](e.currentTarget.value); setProblem(null); }}
                disabled={busy}
                data-testid={`age-${part}`}
                data-autofocus={part === dateOrder(locale)[0] || undefined}
              />
            ))}
          </SimpleGrid>
        </div>
        <Text size="xs" c="dimmed">{t('age.why')}</Text>
        {shown && <Text c="red" size="sm" role="alert">{shown}</Text>}
        <Button type="submit" loading={busy} fullWidth data-testid="age-continue">{t('age.continue')}</Button>
      </Stack>
    </form>
  );
}
