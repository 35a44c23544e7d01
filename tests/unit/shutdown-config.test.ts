// SHUTDOWN_DRAIN_S (server/config.ts): how long a stopped process keeps serving with /api/ready
// at 503. Production drains 10 s unless told otherwise, a local run stops at once, and a value
// that is not a whole number of seconds (0 to 600) stops start-up naming it.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, shutdownDrainSeconds } from '../../server/config';

describe('SHUTDOWN_DRAIN_S', () => {
  it('is 10 s in production and 0 elsewhere when unset, and what it says when set', () => {
    expect(shutdownDrainSeconds({ NODE_ENV: 'production', SHUTDOWN_DRAIN_S: undefined })).toBe(10);
    expect(shutdownDrainSeconds({ NODE_ENV: 'development', SHUTDOWN_DRAIN_S: undefined })).toBe(0);
    expect(shutdownDrainSeconds({ NODE_ENV: 'production', SHUTDOWN_DRAIN_S: 0 })).toBe(0);
    expect(shutdownDrainSeconds(loadConfig({ SHUTDOWN_DRAIN_S: '4' }))).toBe(4);
    expect(shutdownDrainSeconds(loadConfig({}))).toBe(0);
  });

  it('refuses a value that is not 0 to 600 whole seconds, naming it', () => {
    for (const bad of ['-1', '2.5', '601', 'ten']) {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_S: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ SHUTDOWN_DRAIN_S: bad }), bad).toThrow(/SHUTDOWN_DRAIN_S/);
    }
  });
});
