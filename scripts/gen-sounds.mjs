// Synthesizes the shell's UI sounds into public/sounds/*.wav: small mono
// 8-bit PCM files made here, deterministically (no randomness, no download), so the bytes in the
// repository are exactly what this script writes. `node scripts/gen-sounds.mjs` rewrites them;
// `--check` only says whether the committed files match (exit 1 otherwise).
// They are fetched by src/ui/sounds.ts on the first play of each, never at the first screen.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');

/** A note: frequency (Hz), start and length (s), level (0–1), harmonics' weights. */
const note = (freq, start, length, level = 1, harmonics = [1]) => ({ freq, start, length, level, harmonics });

/** Attack-decay envelope: a 3 ms rise, then an exponential fall to silence at the note's end. */
function envelope(t, length) {
  const attack = 0.003;
  if (t < 0 || t > length) return 0;
  if (t < attack) return t / attack;
  const x = (t - attack) / (length - attack);
  return Math.exp(-5 * x) * (1 - x);
}

function render({ rate, length, notes, gain = 0.6, sweep = 0 }) {
  const frames = Math.round(rate * length);
  const samples = new Float64Array(frames);
  for (const n of notes) {
    let phase = 0;
    for (let i = Math.floor(n.start * rate); i < frames; i += 1) {
      const t = i / rate - n.start;
      if (t > n.length) break;
      const freq = n.freq * (1 + sweep * t / n.length);
      phase += (2 * Math.PI * freq) / rate;
      let v = 0;
      n.harmonics.forEach((w, h) => { v += w * Math.sin(phase * (h + 1)); });
      samples[i] += v * n.level * envelope(t, n.length);
    }
  }
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const bytes = Buffer.alloc(frames);
  for (let i = 0; i < frames; i += 1) bytes[i] = Math.max(0, Math.min(255, Math.round(128 + 127 * gain * (peak ? samples[i] / peak : 0))));
  return wav(rate, bytes);
}

/** A RIFF/WAVE file: PCM, mono, 8 bits unsigned. */
function wav(rate, data) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const SOUNDS = {
  // A soft, short tap for buttons and tabs.
  click: { rate: 16000, length: 0.035, gain: 0.35, notes: [note(1700, 0, 0.035, 1, [1, 0.3])], sweep: -0.3 },
  // The reveal's build-up: a tiny tick per item rolling past.
  tick: { rate: 16000, length: 0.025, gain: 0.3, notes: [note(2400, 0, 0.025, 1, [1, 0.2])] },
  // A toast: two rising notes.
  toast: { rate: 12000, length: 0.2, gain: 0.45, notes: [note(880, 0, 0.09, 0.8, [1, 0.25]), note(1319, 0.07, 0.13, 1, [1, 0.25])] },
  // An error toast: two falling notes, lower.
  error: { rate: 12000, length: 0.22, gain: 0.45, notes: [note(466, 0, 0.1, 1, [1, 0.4, 0.2]), note(349, 0.09, 0.13, 1, [1, 0.4, 0.2])] },
  // A purchase: the coin's two bright notes.
  purchase: { rate: 12000, length: 0.28, gain: 0.5, notes: [note(988, 0, 0.07, 0.9, [1, 0.3]), note(1319, 0.06, 0.22, 1, [1, 0.3, 0.1])] },
  // The crate reveal's landing: a rising arpeggio and a held chord.
  reveal: {
    rate: 11025, length: 0.6, gain: 0.55,
    notes: [note(523, 0, 0.12, 0.7, [1, 0.3]), note(659, 0.07, 0.12, 0.7, [1, 0.3]), note(784, 0.14, 0.12, 0.7, [1, 0.3]),
      note(1047, 0.21, 0.39, 1, [1, 0.35, 0.1]), note(1319, 0.21, 0.39, 0.6, [1, 0.2]), note(784, 0.21, 0.39, 0.5, [1])],
  },
};

const check = process.argv.includes('--check');
if (!check) mkdirSync(OUT, { recursive: true });
let total = 0;
let stale = [];
for (const [name, spec] of Object.entries(SOUNDS)) {
  const file = join(OUT, `${name}.wav`);
  const data = render(spec);
  total += data.length;
  if (check) {
    if (!existsSync(file) || !readFileSync(file).equals(data)) stale.push(name);
  } else {
    writeFileSync(file, data);
    console.log(`${name}.wav ${data.length} bytes`);
  }
}
if (check) {
  if (stale.length) { console.error(`public/sounds differ from scripts/gen-sounds.mjs: ${stale.join(', ')}`); process.exit(1); }
  console.log('public/sounds match scripts/gen-sounds.mjs');
}
console.log(`total ${total} bytes (${(total / 1024).toFixed(1)} KiB)`);
