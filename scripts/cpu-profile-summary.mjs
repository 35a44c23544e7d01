#!/usr/bin/env node
// Summarizes a V8 CPU profile (node --cpu-prof; the bench writes one with BENCH_CPU_PROF=<dir>):
// the functions with the most self time, and self time by where the code lives (a package in
// node_modules, the project's own directories, Node's internals), in percent of the sampled time.
// Usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [top=30] [--last=<seconds>]
// (--last: only the samples of the profile's last seconds, e.g. the timed run of one read, not
// the process's start-up).
import { readFileSync } from 'node:fs';

const options = process.argv.slice(2).filter((a) => a.startsWith('--'));
const [file, topArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!file) { console.error('usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [top] [--last=<seconds>]'); process.exit(2); }
const top = Number(topArg ?? 30);
const lastSeconds = Number(options.find((o) => o.startsWith('--last='))?.slice(7) ?? 0);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map();
const deltas = profile.timeDeltas;
const from = lastSeconds > 0 ? profile.endTime - lastSeconds * 1e6 : -Infinity;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += deltas[i] ?? 0;
  if (at < from) continue;
  const id = profile.samples[i];
  selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
}
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

function where(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0] ?? url;
  }
  const m = /\/(server|contract|tests|machines|dist-server)\//.exec(url);
  return m ? m[1] : url;
}

const fns = new Map();
const places = new Map();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  const cf = node.callFrame;
  const name = `${cf.functionName || '(anonymous)'} ${cf.url ? `${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|contract|tests|dist-server)\//, '$1/')}:${cf.lineNumber + 1}` : ''}`;
  fns.set(name, (fns.get(name) ?? 0) + ms);
  const place = ['(idle)', '(program)', '(garbage collector)'].includes(cf.functionName) ? cf.functionName : where(cf.url);
  places.set(place, (places.get(place) ?? 0) + ms);
}
const pct = (ms) => `${((100 * ms) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled${lastSeconds > 0 ? ` (the last ${lastSeconds} s)` : ''}`);
console.log('\nself time by place:');
for (const [place, ms] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(ms)}  ${place}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [name, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(ms)}  ${name}`);
