// One streak: the streak is computed once (contract/releaseStreak.ts) for the
// release notes and for the page; the page data's zod-free reader (the first screen carries no
// zod) takes exactly what the server's zod schema takes; the loading screen shows the figure the
// page carries, and the spec's 223 only without one.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MAX_GAME_BYTES, MAX_UPDATE_STREAK, PAGE_DATA_ELEMENT_ID, pageDataElement, readPageData } from '../../contract/pageData';
import { PageDataSchema } from '../../contract/pageDataSchema';
import type { ReleaseLog } from '../../contract/releases';
import { updateStreak } from '../../contract/releaseStreak';
import { loadingMachine } from '../../machines/loading';
import releaseFile from '../../server/db/data/release-logs.json';
import { driveLoadingScreen } from '../../src/features/loading/domScreen';
import { releaseMetrics, toReleases } from '../../src/features/releases/releaseLogic';

const log = (version: string, release_date: string): ReleaseLog => ({ version, name: version, release_date, added: [], fixed: [], removed: [] });

afterEach(() => { document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove(); });

describe('the update streak', () => {
  it('is the same figure for the release notes and the page, for the shipped log and others', () => {
    const shipped = releaseFile as ReleaseLog[];
    expect(updateStreak(shipped)).toBe(releaseMetrics(toReleases(shipped)).streakDays);
    expect(updateStreak(shipped)).toBe(shipped.length);
    for (const logs of [
      [],
      [log('0.9.0', '2024-06-30')],
      [log('0.9.0', '2024-06-30'), log('1.0.0', '2024-12-01'), log('1.1.0', '2024-12-20')],
      [log('1.10.0', '2025-03-01'), log('1.9.0', '2025-01-10'), log('1.0.0', '2025-01-01')],
    ]) {
      expect(updateStreak(logs)).toBe(releaseMetrics(toReleases(logs)).streakDays);
    }
  });
});

describe('the page data', () => {
  it('is read by the first screen exactly as the server\'s zod schema checks it', () => {
    const inputs: unknown[] = [
      { updateStreak: 4 }, { updateStreak: 0 }, { updateStreak: MAX_UPDATE_STREAK }, {},
      { updateStreak: -1 }, { updateStreak: 1.5 }, { updateStreak: '4' }, { updateStreak: null }, { updateStreak: MAX_UPDATE_STREAK + 1 },
      { updateStreak: 4, extra: true }, [], [4], 4, 'x', null, true,
      { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/42', release: '1.3.0', environment: 'production' } },
      { updateStreak: 3, errorReporting: { dsn: 'http://key@127.0.0.1:9000/4242', release: '1.3.0', environment: 'test' } },
      { errorReporting: { dsn: 'https://key:secret@o1.ingest.sentry.io/42', release: '1.3.0', environment: 'production' } },
      { errorReporting: { dsn: 'https://o1.ingest.sentry.io/42', release: '1.3.0', environment: 'production' } },
      { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/42?x=1', release: '1.3.0', environment: 'production' } },
      { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/42', release: '', environment: 'production' } },
      { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/42', release: '1.3.0' } },
      { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/42', release: '1.3.0', environment: 'p', user: 'x' } },
      { errorReporting: null },
      { gameBytes: 27_000_000 }, { gameBytes: 1 }, { gameBytes: 0 }, { gameBytes: -5 }, { gameBytes: 2.5 }, { gameBytes: '27' },
      { gameBytes: MAX_GAME_BYTES }, { gameBytes: MAX_GAME_BYTES + 1 }, { updateStreak: 3, gameBytes: 12_345_678 },
    ];
    for (const input of inputs) {
      const zod = PageDataSchema.safeParse(input);
      expect(readPageData(JSON.stringify(input)), JSON.stringify(input)).toEqual(zod.success ? zod.data : {});
    }
    expect(readPageData('{not json')).toEqual({});
    expect(readPageData(null)).toEqual({});
  });

  it('is written as inert JSON that no text can break out of', () => {
    const element = pageDataElement({ updateStreak: 7 });
    expect(element).toBe(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"updateStreak":7}</script>`);
    // Only numbers go in today; the escaping holds for any text a later field might carry.
    const hostile = pageDataElement({ updateStreak: 1, note: '</script><script>alert(1)</script>' } as never);
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
  });

  it('gives the loading screen its streak; without it the spec\'s 223', () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const show = () => {
      document.body.replaceChildren();
      const root = document.body.appendChild(document.createElement('div'));
      const dom = driveLoadingScreen(root, actor, () => undefined, window);
      dom.localize();
      return dom;
    };
    show().stop();
    expect(screen.getByTestId('streak-badge')).toHaveTextContent('223 day streak');
    document.head.insertAdjacentHTML('beforeend', pageDataElement({ updateStreak: 4 }));
    show().stop();
    expect(screen.getByTestId('streak-badge')).toHaveTextContent('4 day streak');
    document.body.replaceChildren();
    actor.stop();
  });

  it("gives the loading screen the served build's size: its figure, none without it (never a made-up 27 MB)", () => {
    const actor = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    const show = () => {
      document.body.replaceChildren();
      const root = document.body.appendChild(document.createElement('div'));
      const dom = driveLoadingScreen(root, actor, () => undefined, window);
      dom.localize();
      return dom;
    };
    let dom = show();
    expect(screen.getByTestId('loading-megabytes').textContent).toBe('');
    expect(screen.getByTestId('loading-percent')).toHaveTextContent('10%');
    dom.stop();
    document.head.insertAdjacentHTML('beforeend', pageDataElement({ gameBytes: 31_456_789 }));
    dom = show();
    expect(screen.getByTestId('loading-megabytes')).toHaveTextContent('3.1 MB / 31 MB');
    dom.stop();
    document.body.replaceChildren();
    actor.stop();
  });
});
