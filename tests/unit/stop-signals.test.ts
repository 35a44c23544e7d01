// @vitest-environment node
// How `npm start` passes a stop on to the API process (scripts/stopSignals.mjs): a launcher
// process with a child that drains, as the real pair does, driven with real signals.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = pathToFileURL(resolve('scripts/stopSignals.mjs')).href;

/** A launcher whose child prints each stop signal it gets and, trapping them, exits `code` after `drainMs`. */
function launch(child: { trap: boolean; drainMs?: number; code?: number }) {
  const childCode = child.trap
    ? `for (const s of ['SIGTERM','SIGINT']) process.on(s, () => { console.log('got ' + s); setTimeout(() => process.exit(${child.code ?? 0}), ${child.drainMs ?? 0}); }); setInterval(() => {}, 1000); console.log('ready');`
    : `setInterval(() => {}, 1000); console.log('ready');`;
  const launcherCode = `import(${JSON.stringify(MODULE)}).then(({ forwardStopSignals }) => {
    const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(childCode)}], { stdio: ['ignore', 'inherit', 'inherit'] });
    forwardStopSignals(c);
  });`;
  const launcher = spawn(process.execPath, ['-e', launcherCode], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise<void>((resolve) => launcher.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); if (output.includes('ready')) resolve(); }));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => launcher.once('exit', (code) => resolve({ code, at: performance.now() })));
  return { launcher, ready, exited, output: () => output };
}

describe('forwardStopSignals', () => {
  it('passes SIGTERM on once, waits for the child to finish its drain and exits with its code', async () => {
    const run = launch({ trap: true, drainMs: 400, code: 7 });
    await run.ready;
    const sent = performance.now();
    run.launcher.kill('SIGTERM');
    run.launcher.kill('SIGTERM');
    const { code, at } = await run.exited;
    expect(code).toBe(7);
    expect(at - sent).toBeGreaterThanOrEqual(350);
    expect(run.output().match(/got SIGTERM/g)).toHaveLength(1);
  });

  it('exits 128 + the signal number when the child was killed by it', async () => {
    const run = launch({ trap: false });
    await run.ready;
    run.launcher.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
  });
});
