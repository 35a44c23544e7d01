#!/usr/bin/env node
// The API server as one prebuilt ES module (dist-server/main.mjs), so that `npm start` runs it
// with plain `node` instead of compiling the TypeScript at start with the tsx loader (the loader
// and its compile caches stayed resident: ~60-90 MiB of the process). npm packages stay outside
// the bundle (imported from node_modules as usual). Each source file's `import.meta.url` is
// replaced by its own file's URL, so that the paths it resolves next to itself (migrations, seed
// data, drop tables) are those of the source tree, wherever the bundle lives.
// Usage: node scripts/build-server.mjs [entry.ts outfile.mjs]...  (default: server/main.ts)
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pairs = args.length ? args.reduce((acc, a, i) => (i % 2 ? acc : [...acc, [a, args[i + 1]]]), []) : [['server/main.ts', 'dist-server/main.mjs']];

const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

for (const [entry, outfile] of pairs) {
  await build({
    absWorkingDir: root, entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20',
    packages: 'external', sourcemap: 'linked', logLevel: 'warning', plugins: [ownUrl],
  });
}
