// A logger that says nothing: what the shell's and hosts' code logs through (`info`, `warn`,
// `error`), each a spy the test may read.
import { vi } from 'vitest';

export function quiet() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}
