// The game's bot-check token request: waits at most 30 s, tries again every 8 s.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_TEXT, requestBotCheckToken, setBotCheckTokenProvider } from '../../src/features/accounts/botCheckToken';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the bot-check token request', () => {
  it('resolves with the registered widget token', async () => {
    const unregister = setBotCheckTokenProvider(async () => 'tok');
    await expect(requestBotCheckToken()).resolves.toBe('tok');
    unregister();
  });

  it('waits for a widget to appear, checking every 8 s', async () => {
    let provider: (() => Promise<string>) | null = null;
    const result = requestBotCheckToken({ getProvider: () => provider });
    await vi.advanceTimersByTimeAsync(8_000);
    provider = async () => 'late';
    await vi.advanceTimersByTimeAsync(8_000);
    await expect(result).resolves.toBe('late');
  });

  it("gives up after 30 s with 'Turnstile timeout' when nothing answered", async () => {
    const result = requestBotCheckToken({ getProvider: () => null });
    const settled = expect(result).rejects.toThrow(BOT_CHECK_TEXT.timeout);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
  });

  it("retries a failing widget every 8 s, then fails with 'Turnstile verification failed'", async () => {
    const provider = vi.fn(async (): Promise<string> => { throw new Error('widget error'); });
    const result = requestBotCheckToken({ getProvider: () => provider });
    const settled = expect(result).rejects.toThrow(BOT_CHECK_TEXT.failed);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
    expect(provider).toHaveBeenCalledTimes(4); // at 0, 8, 16 and 24 s
  });
});
