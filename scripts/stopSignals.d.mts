import type { ChildProcess } from 'node:child_process';

export const REPEAT_IGNORED_MS: number;
export function exitCodeOf(code: number | null | undefined, signal: NodeJS.Signals | null | undefined): number;
export function forwardStopSignals(child: ChildProcess, options?: { exit?: (code: number) => void; now?: () => number }): () => void;
