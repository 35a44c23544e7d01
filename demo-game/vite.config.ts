// Builds the demo game into dist/game/ as the four files of a Unity WebGL build
// (contract/game.ts GAME_BUILD_FILES): `npm run build:game` runs this twice, because an IIFE
// build has one entry:
//   --mode framework  framework.js (three.js + the game), game.data and code.wasm (generated)
//   --mode loader     loader.js (defines window.createUnityInstance)
// `npx vite --config demo-game/vite.config.ts` serves demo-game/dev.html, a harness that loads
// the built files from /game/build/ like the shell does.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { GAME_BUILD_BASE } from '../contract/game';
import { buildGameData } from './build/game-data';
import { buildGameWasm } from './build/wasm';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '../dist/game');

/** Writes the two generated build files next to framework.js. */
function generatedAssets(): Plugin {
  return {
    name: 'demo-game-assets',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'game.data', source: buildGameData() });
      this.emitFile({ type: 'asset', fileName: 'code.wasm', source: buildGameWasm() });
    },
  };
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.data': 'application/octet-stream' };

/** Dev harness only: /game/build/* -> dist/game/*, with Content-Length so progress is real. */
function serveBuild(): Plugin {
  return {
    name: 'demo-game-serve-build',
    configureServer(server) {
      server.middlewares.use(`${GAME_BUILD_BASE}/`, (req, res, next) => {
        const file = resolve(outDir, `.${decodeURIComponent((req.url ?? '').split('?')[0] ?? '')}`);
        if (!file.startsWith(outDir + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
        res.setHeader('Content-Length', String(statSync(file).size));
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(file).pipe(res);
      });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  if (command === 'serve') {
    // zod is pre-bundled up front: discovering it on the first request would reload the page.
    return { root: here, publicDir: false, plugins: [serveBuild()], optimizeDeps: { include: ['zod'] }, server: { port: 5199, strictPort: true } };
  }
  if (mode !== 'framework' && mode !== 'loader') throw new Error('Build the demo game with --mode framework or --mode loader (see npm run build:game)');
  const isFramework = mode === 'framework';
  return {
    root: here,
    publicDir: false,
    // Lib builds leave process.env.NODE_ENV alone; nothing in the browser defines it.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: isFramework ? [generatedAssets()] : [],
    build: {
      outDir,
      // The framework build runs first and starts from an empty dist/game; the loader adds to it.
      emptyOutDir: isFramework,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: resolve(here, isFramework ? 'src/framework.ts' : 'src/loader/loader.ts'),
        formats: ['iife'],
        name: isFramework ? 'DemoGameFramework' : 'DemoGameLoader',
        fileName: () => (isFramework ? 'framework.js' : 'loader.js'),
      },
    },
  };
});
