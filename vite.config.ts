import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { LOADING_STYLE_ID, firstFrameMarkup } from './src/features/loading/firstFrame';
import { i18nCatalogs } from './scripts/i18nCatalogs';

/**
 * The loading screen's first frame and stylesheet written into index.html, so the page paints
 * it from its HTML alone; src/features/loading/domScreen.ts keeps it alive (firstFrame.ts).
 */
function loadingFirstFrame(): Plugin {
  return {
    name: 'loading-first-frame',
    transformIndexHtml(html) {
      const css = readFileSync(new URL('./src/features/loading/loadingScreen.css', import.meta.url), 'utf8');
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> for the first frame');
      return html
        .replace('</head>', `<style id="${LOADING_STYLE_ID}">${css}</style>\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root" data-first-frame>${firstFrameMarkup()}</div>`);
    },
  };
}

// The shell. `npm run dev` runs this with hot reload in front of the API (API_ORIGIN);
// `npm run build` writes dist/, which the API server serves in production.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8787';

/** A plugin that rewrites the built index.html with the bundle at hand (the dev server has none: untouched). */
function builtHtml(name: string, rewrite: (html: string, bundle: Rollup.OutputBundle) => string): Plugin {
  return {
    name,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) { return ctx.bundle ? rewrite(html, ctx.bundle) : html; },
    },
  };
}

/**
 * The entry's own stylesheet (a few hundred bytes: the game canvas's rules) inlined into
 * index.html: a linked stylesheet blocks the first paint until it has downloaded, and the
 * first frame above must paint from the HTML alone.
 */
const inlineEntryCss = () => builtHtml('inline-entry-css', (html, bundle) =>
  html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
    const asset = bundle[fileName];
    if (!asset || asset.type !== 'asset') return tag;
    // The file stays in dist/: lazy chunks list it among their preload dependencies
    // (and a missing one fails their import).
    return `<style>${String(asset.source)}</style>`;
  }));

/**
 * The entry only starts the game (src/app/startup.ts) and imports the rest of the first screen
 * (src/app/shellStart.ts) dynamically, so it is evaluated after the game has started: index.html
 * asks for that chunk with the entry, not after it. Its static imports (xstate, Lingui, the
 * loading machine: ~50 KB) are not asked for here: the browser compiles a preloaded module as it
 * arrives, which held the first paint back ~8 ms (docs/performance.md); the entry's import of the
 * chunk asks for them at once after the paint, beside the chunk.
 */
const preloadShellStart = () => builtHtml('preload-shell-start', (html, bundle) => {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const start = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/shellStart.ts'));
  if (!start) throw new Error('no chunk for src/app/shellStart.ts: src/app/startup.ts must import it dynamically');
  if (html.includes(`/${start.fileName}"`)) return html;
  return html.replace('</head>', `    <link rel="modulepreload" crossorigin href="/${start.fileName}">\n  </head>`);
});

export default defineConfig({
  plugins: [react(), i18nCatalogs(), loadingFirstFrame(), inlineEntryCss(), preloadShellStart()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // Source maps are made for the error tracker (uploaded with the release, docs/operations.md#error-reporting)
    // but not linked from the files and not served (server/plugins/static.ts answers 404 for .map):
    // players' browsers never fetch them and the public never reads the sources.
    sourcemap: 'hidden',
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/game': { target: apiOrigin, changeOrigin: false },
    },
  },
});
