// Adding a host is one home and one line: each folder hosts/<name>/ exports its definition
// (detected, loaded, what it hides, how long start-up waits for it) from index.ts, and
// hosts/list.ts is the one place that names the hosts: nothing else imports a host's
// definition, and no per-host table lives anywhere else.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import activity from '../../activity.config.json';
import { detectHostOf } from '../../hosts/detect';
import { HOSTS, hostOf } from '../../hosts/list';
import type { HostDefinition } from '../../hosts/types';

const root = resolve(__dirname, '../..');
const hostFolders = readdirSync(join(root, 'hosts'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe('the host list', () => {
  it('has one entry per folder of hosts/, each named after its folder, the web last (it takes every other page)', () => {
    expect(HOSTS.map((h) => h.kind).sort()).toEqual(hostFolders);
    expect(HOSTS.at(-1)?.kind).toBe('web');
    for (const host of HOSTS) expect(hostOf(host.kind)).toBe(host);
  });

  it.each(hostFolders)('hosts/%s/index.ts exports its definition: detect, hidden, startWaitMs, load', async (name) => {
    const module = (await import(`../../hosts/${name}/index.ts`)) as Record<string, unknown>;
    const exported = Object.values(module) as Array<HostDefinition>;
    expect(exported).toHaveLength(1);
    const host = exported[0]!;
    expect(host.kind).toBe(name);
    expect(HOSTS).toContain(host);
    expect(typeof host.detect).toBe('function');
    expect(host.hidden).toBeInstanceOf(Set);
    expect(Number.isFinite(host.startWaitMs) && host.startWaitMs >= 0).toBe(true);
    expect(typeof host.load).toBe('function');
    expect(existsSync(join(root, 'hosts', name, 'adapter.ts'))).toBe(true);
  });

  it('keeps what each host hides and waits for in its own definition', () => {
    expect([...hostOf('crazygames').hidden].sort()).toEqual(['bridge', 'createAccount', 'externalLinks', 'sessionsTab', 'walletsTab']);
    expect(hostOf('crazygames').startWaitMs).toBe(5_000);
    expect(hostOf('web').hidden.size + hostOf('discord').hidden.size).toBe(0);
    expect(hostOf('web').startWaitMs + hostOf('discord').startWaitMs).toBe(0);
  });

  it('loads each host\'s adapter, of that kind', async () => {
    const web = await hostOf('web').load();
    expect(web.kind).toBe('web');
    expect(web.hidden).toBe(hostOf('web').hidden);
  });

  it('detects with each host\'s own entry of activity.config.json', () => {
    const page = { framed: false, referrer: '', ancestorOrigins: [] };
    expect(detectHostOf({ ...page, href: 'https://games.crazygames.com/x' }, activity)).toBe(hostOf('crazygames'));
    expect(detectHostOf({ ...page, href: 'https://games.crazygames.com/x' }, { ...activity, crazygames: { hosts: [] } }).kind).toBe('web');
  });

  it('is the only place that names the hosts: no other file imports a host\'s folder or keeps a per-host table', () => {
    const offenders: string[] = [];
    const IMPORT = /(?:from\s+|import\(\s*)['"]([^'"]+)['"]/g;
    for (const file of ['src', 'hosts', 'machines', 'contract', 'playground'].flatMap((d) => sources(join(root, d)))) {
      const rel = relative(root, file);
      const text = readFileSync(file, 'utf8');
      if (/Record<HostKind\b/.test(text)) offenders.push(`${rel}: a per-host table`);
      for (const [, spec] of text.matchAll(IMPORT)) {
        if (!spec?.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(file), spec));
        const folder = /^hosts\/([^/]+)\//.exec(`${target}/`)?.[1];
        if (!folder || !hostFolders.includes(folder)) continue;
        const inside = rel.startsWith(`hosts/${folder}/`);
        if (!inside && rel !== 'hosts/list.ts') offenders.push(`${rel} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
