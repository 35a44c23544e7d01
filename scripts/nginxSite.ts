// deploy/nginx.conf as the deploy drill (scripts/drill-deploy.ts) and its unit test run it: the
// site file with the drill's upstream ports and listen address and without TLS, inside a main
// configuration whose every path is in one scratch folder (no root-owned file is touched).
import { join } from 'node:path';

/** deploy/nginx.conf with the drill's upstream ports and listen address, TLS left out. */
export function drillSiteConfig(site: string, ports: number[], listenPort: number, down: number | null): string {
  const lines = site.split('\n');
  const out: string[] = [];
  let upstreamDone = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^server 127\.0\.0\.1:\d+ /.test(trimmed)) {
      if (!upstreamDone) {
        const options = trimmed.replace(/^server \S+ /, '');
        for (const port of ports) out.push(`    server 127.0.0.1:${port} ${options.replace(/;$/, port === down ? ' down;' : ';')}`);
        upstreamDone = true;
      }
      continue;
    }
    if (/^listen \[::\]:443/.test(trimmed) || /^ssl_/.test(trimmed)) continue;
    if (/^listen 443/.test(trimmed)) { out.push(`    listen 127.0.0.1:${listenPort};`); continue; }
    out.push(line);
  }
  return out.join('\n');
}

/** A main nginx.conf keeping its pid, logs and temporary files in `dir`, including `site`. */
export function nginxMainConfig(dir: string, site: string): string {
  const temp = (name: string) => join(dir, name);
  return [
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    `  client_body_temp_path ${temp('body')};`, `  proxy_temp_path ${temp('proxy')};`, `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`, `  scgi_temp_path ${temp('scgi')};`,
    `  include ${site};`,
    '}', '',
  ].join('\n');
}
