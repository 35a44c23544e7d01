// Errors we hear about, in the page: the scrubbing every report goes through (contract/errorReports.ts),
// the reporting that starts only with a DSN in the page data and queues what is thrown until the
// SDK's chunk is in (src/reporting/errorReporting.ts), and the first chunk that never carries the SDK.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrubEvent, scrubText } from '../../contract/errorReports';
import { PAGE_DATA_ELEMENT_ID, pageDataElement } from '../../contract/pageData';

const ROOT = process.cwd();

/** The modules src/main.ts imports statically, transitively (what the first chunk is made of). */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    // Static imports and re-exports only; `import('…')` is a chunk of its own.
    for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)) {
      const spec = m[1] ?? m[2] ?? '';
      if (!spec.startsWith('.')) { packages.add(spec); continue; }
      const base = resolve(dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => { try { return readFileSync(f) && !f.endsWith('.css') && !f.endsWith('.json'); } catch { return false; } });
      if (found && /\.(ts|tsx)$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the first chunk', () => {
  it('never carries the error tracker\'s SDK: only a dynamic import reaches it', () => {
    const { files, packages } = staticGraph(resolve(ROOT, 'src/main.ts'));
    expect(files.has(resolve(ROOT, 'src/reporting/errorReporting.ts'))).toBe(true);
    expect(files.has(resolve(ROOT, 'src/reporting/sentryBrowser.ts'))).toBe(false);
    expect([...packages].filter((p) => p.startsWith('@sentry/'))).toEqual([]);
    expect(readFileSync(resolve(ROOT, 'src/reporting/errorReporting.ts'), 'utf8')).toContain("import('./sentryBrowser')");
  });
});

describe('scrubbing', () => {
  it('takes out the player\'s names, ids, e-mail addresses, tokens and URL queries from every text', () => {
    expect(scrubText('could not load alice_demo (6f1c2b7e-3d4a-4b8c-9e0f-112233445566) for a@b.io', ['alice_demo']))
      .toBe('could not load [player] ([id]) for [email]');
    expect(scrubText('GET https://game.example.com/api/x?code=abc&state=1#access_token=zz failed')).toBe('GET https://game.example.com/api/x failed');
    expect(scrubText('Authorization: Bearer eyJhbGciOi.xyz and token=s3cr3t, discord 123456789012345678'))
      .toBe('Authorization: Bearer [redacted] and token=[redacted], discord [id]');
    expect(scrubText('the session expired')).toBe('the session expired');
  });

  it('keeps no user, no breadcrumbs and of the request only its method and address without query', () => {
    const event = {
      message: 'boom for bob',
      user: { id: 'u1', username: 'bob', ip_address: '1.2.3.4' },
      breadcrumbs: [{ message: 'clicked bob' }],
      request: { method: 'GET', url: 'https://g.example/players/x?ref=bob', headers: { cookie: 's=1', Referer: 'https://g.example/?a=b' }, cookies: { s: '1' }, query_string: 'ref=bob', data: '{"password":"p"}' },
      tags: { host: 'discord', locale: 'de' },
      exception: { values: [{ type: 'Error', value: 'bob not found', stacktrace: { frames: [{ filename: 'https://g.example/assets/index-abc.js?v=1', lineno: 3 }] } }] },
    };
    const scrubbed = scrubEvent(event, ['bob']);
    expect(scrubbed).toEqual({
      message: 'boom for [player]',
      request: { method: 'GET', url: 'https://g.example/players/x' },
      tags: { host: 'discord', locale: 'de' },
      exception: { values: [{ type: 'Error', value: '[player] not found', stacktrace: { frames: [{ filename: 'https://g.example/assets/index-abc.js', lineno: 3 }] } }] },
    });
    expect(event.user.username).toBe('bob');
  });
});

describe('reporting in the page', () => {
  beforeEach(() => { vi.resetModules(); });
  afterEach(() => { document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove(); });

  it('is off without a DSN in the page data: nothing listened to, the SDK never loaded', async () => {
    const { startErrorReporting, reportFailure } = await import('../../src/reporting/errorReporting');
    const load = vi.fn();
    expect(startErrorReporting(window, { host: 'web', surface: 'shell' }, load)).toBe(false);
    reportFailure(new Error('x'), 'game-load');
    await new Promise((r) => setTimeout(r, 200));
    expect(load).not.toHaveBeenCalled();
  });

  it('with a DSN: what fails before the SDK is in is queued, then reported with the host and the player\'s locale', async () => {
    document.head.insertAdjacentHTML('beforeend', pageDataElement({ errorReporting: { dsn: 'https://k@o1.ingest.sentry.io/5', release: '1.3.0', environment: 'test' } }));
    document.documentElement.lang = 'ja';
    const { startErrorReporting, reportFailure } = await import('../../src/reporting/errorReporting');
    const captured: Array<{ error: unknown; tags: Record<string, string> }> = [];
    let contextSeen: unknown = null;
    let locale = '';
    const load = vi.fn(async () => ({
      initSentry: (_config: unknown, context: unknown, env: { locale(): string }) => {
        contextSeen = context;
        locale = env.locale();
        return { capture: (error: unknown, tags: Record<string, string>) => { captured.push({ error, tags }); } };
      },
    }));
    expect(startErrorReporting(window, { host: 'crazygames', surface: 'shell' }, load)).toBe(true);
    const early = new Error('thrown before the SDK');
    window.dispatchEvent(new ErrorEvent('error', { error: early, message: early.message }));
    reportFailure(new Error('the loader could not be downloaded'), 'game-load');
    await vi.waitFor(() => expect(captured).toHaveLength(2), { timeout: 2000 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(contextSeen).toEqual({ host: 'crazygames', surface: 'shell' });
    expect(locale).toBe('ja');
    expect(captured[0]).toEqual({ error: early, tags: { mechanism: 'onerror' } });
    expect(captured[1]?.tags).toEqual({ failure: 'game-load' });
    reportFailure('later', 'shell-chunk');
    expect(captured[2]).toEqual({ error: 'later', tags: { failure: 'shell-chunk' } });
  });
});
