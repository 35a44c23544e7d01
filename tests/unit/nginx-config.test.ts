// @vitest-environment node
// deploy/nginx.conf, the site file docs/deploy.md installs: nginx accepts it (`nginx -t`, when
// nginx is installed; CI may not have it) as the deploy drill runs it, and it keeps the promises
// the deploy makes: POSTs never repeated by nginx, live events unbuffered, a process markable down.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drillSiteConfig, nginxMainConfig } from '../../scripts/nginxSite';

const NGINX = '/usr/sbin/nginx';
const site = readFileSync(resolve('deploy/nginx.conf'), 'utf8');
const directives = (text: string) => text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);

describe('deploy/nginx.conf', () => {
  it('never lets nginx repeat a request that is not idempotent, and never buffers live events', () => {
    const lines = directives(site);
    const nextUpstream = lines.filter((l) => l.startsWith('proxy_next_upstream '));
    expect(nextUpstream.length).toBeGreaterThan(0);
    for (const line of nextUpstream) expect(line).not.toContain('non_idempotent');
    const events = site.slice(site.indexOf('location = /api/events'));
    expect(directives(events.slice(0, events.indexOf('}')))).toContain('proxy_buffering off;');
    expect(lines).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });

  it('is run by the drill with its own ports, one process markable down, without TLS', () => {
    const drill = drillSiteConfig(site, [9101, 9102], 9100, 9102);
    const lines = directives(drill);
    expect(lines.filter((l) => l.startsWith('server 127.0.0.1:'))).toEqual([
      'server 127.0.0.1:9101 max_fails=1 fail_timeout=3s;',
      'server 127.0.0.1:9102 max_fails=1 fail_timeout=3s down;',
    ]);
    expect(lines.filter((l) => l.startsWith('listen '))).toEqual(['listen 127.0.0.1:9100;']);
    expect(lines.filter((l) => l.startsWith('ssl_'))).toEqual([]);
  });

  it.skipIf(!existsSync(NGINX))(`parses with nginx -t${existsSync(NGINX) ? '' : ' (skipped: nginx is not installed)'}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tripshell-nginx-'));
    try {
      chmodSync(dir, 0o755);
      writeFileSync(join(dir, 'tripshell.conf'), drillSiteConfig(site, [9101, 9102], 9100, null));
      writeFileSync(join(dir, 'nginx.conf'), nginxMainConfig(dir, join(dir, 'tripshell.conf')));
      expect(() => execFileSync(NGINX, ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
