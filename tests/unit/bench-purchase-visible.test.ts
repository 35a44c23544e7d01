import { describe, expect, it } from 'vitest';
import { parseVisibleLines, visibleTable } from '../bench/purchaseVisible';

describe('the bench reads the playground\'s purchase timings', () => {
  it('takes each host\'s median and runs from the spec\'s lines among Playwright\'s own output', () => {
    const output = [
      'Running 3 tests using 1 worker',
      'purchase → coins visible, discord: median 412 ms of 380, 412, 455, 401, 430',
      '  ✓  1 [desktop] › tests/e2e/purchases-hosts.spec.ts:157:3 › measure › measure: Discord (9.1s)',
      'purchase → coins visible, crazygames: median 1200 ms of 1100, 1200, 1300, 1150, 1250',
      'purchase → coins visible, web: median 2310 ms of 2200, 2310, 2500, 2290, 2400',
    ].join('\n');
    expect(parseVisibleLines(output)).toEqual([
      { host: 'discord', medianMs: 412, runsMs: [380, 412, 455, 401, 430] },
      { host: 'crazygames', medianMs: 1200, runsMs: [1100, 1200, 1300, 1150, 1250] },
      { host: 'web', medianMs: 2310, runsMs: [2200, 2310, 2500, 2290, 2400] },
    ]);
    expect(visibleTable(parseVisibleLines(output))).toContain('| 1,200 ms | 1100, 1200, 1300, 1150, 1250 ms |');
  });

  it('says the row failed, with the reason, instead of printing no row', () => {
    expect(visibleTable(new Error('the playground\'s purchase timing printed nothing for web'))).toContain('FAILED: the playground\'s purchase timing printed nothing for web');
  });
});
