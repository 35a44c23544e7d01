// Every command the docs show runs as written, and every link between the README and docs/ leads
// somewhere: a reader who copies a fenced `sh` block must not meet "Missing script", and a page
// renamed or never written shows up here rather than as a dead link.
//
// What is checked in each fenced `sh` block of README.md and docs/**/*.md:
// - `npm run <script>` (and `npm test`, `npm start`, …): the script is in package.json;
// - `npm <command>`: it is one of npm's own commands;
// - `npx <tool>`: the tool is installed (node_modules/.bin);
// - `node <file>`: the file is in the repository (build outputs excepted: they exist after a build).
// And each relative markdown link in those files: the file exists, and its #anchor is a heading there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** npm's own commands and aliases (npm 11's cmd-list), so `npm ci` or `npm install-scripts ls` pass and `npm nope` does not. */
const NPM_COMMANDS = new Set([
  'access', 'adduser', 'approve-scripts', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deny-scripts',
  'deprecate', 'diff', 'dist-tag', 'docs', 'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help',
  'help-search', 'init', 'install', 'install-ci-test', 'install-scripts', 'install-test', 'link', 'll', 'login', 'logout', 'ls',
  'org', 'outdated', 'owner', 'pack', 'ping', 'pkg', 'prefix', 'profile', 'prune', 'publish', 'query', 'rebuild', 'repo',
  'restart', 'root', 'run', 'sbom', 'search', 'set', 'shrinkwrap', 'stage', 'star', 'stars', 'start', 'stop', 'team', 'test',
  'token', 'trust', 'undeprecate', 'uninstall', 'unpublish', 'unstar', 'update', 'version', 'view', 'whoami',
  // aliases
  'i', 'add', 'it', 'cit', 'ic', 'clean-install', 'clean-install-test', 'rm', 'r', 'un', 'remove', 'unlink', 'list', 'la', 'ln',
  'rb', 'up', 'upgrade', 'u', 'c', 'x', 'why', 'info', 'show', 'find', 's', 'se', 't', 'tst', 'run-script', 'create', 'home',
  'author', 'issues', 'v', 'ddp', 'dist-tags',
]);
/** Commands that run one of the package's scripts: that script must exist. */
const RUNS_SCRIPT: Record<string, string> = {
  test: 'test', t: 'test', tst: 'test', start: 'start', stop: 'stop', restart: 'restart',
  'install-test': 'test', it: 'test', 'install-ci-test': 'test', cit: 'test', 'clean-install-test': 'test',
};
const RUN = new Set(['run', 'run-script']);
/** What a build writes: a `node` command may name it before it exists. */
const BUILD_OUTPUTS = /^(dist|dist-server|bench)\//;

function markdownFiles(): string[] {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : entry.name.endsWith('.md') ? [path] : [];
  });
  return [join(ROOT, 'README.md'), ...(existsSync(join(ROOT, 'docs')) ? walk(join(ROOT, 'docs')) : [])];
}

/** The fenced `sh` blocks of a markdown text (fences may be indented inside a list), continuation lines joined. */
function shBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  let fence = '';
  for (const line of markdown.split('\n')) {
    const open = /^(\s*)(`{3,})sh\s*$/.exec(line);
    if (!current && open) { current = []; fence = open[2] ?? '```'; continue; }
    if (current && line.trim() === fence) { blocks.push(current.join('\n').replace(/\\\n\s*/g, ' ').split('\n')); current = null; continue; }
    current?.push(line);
  }
  return blocks;
}

/** The words of one shell line, comments dropped, split into commands at `&&`, `||`, `;`, `|`, `&`. */
function commands(line: string): string[][] {
  const code = line.replace(/(^|\s)#.*$/, '');
  return code.split(/&&|\|\||[;|&]/).map((part) => part.trim().split(/\s+/).filter(Boolean))
    // drop leading variable assignments (FOO=bar npm run x) and `export`
    .map((words) => { const start = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) && word !== 'export'); return start < 0 ? [] : words.slice(start); })
    .filter((words) => words.length > 0);
}

interface Problem { file: string; problem: string }

/** What is wrong with the commands of one markdown file (empty when every one runs as written). */
function commandProblems(file: string, markdown: string, scripts: Record<string, string>, bins: Set<string>): Problem[] {
  const problems: Problem[] = [];
  const say = (problem: string) => problems.push({ file, problem });
  for (const block of shBlocks(markdown)) {
    for (const line of block) {
      for (const words of commands(line)) {
        const [tool, first, second] = words;
        if (tool === 'npm') {
          if (!first || first.startsWith('-')) continue;
          if (RUN.has(first)) {
            if (!second) say(`"${line.trim()}": npm run without a script`);
            else if (!(second in scripts)) say(`"${line.trim()}": no script "${second}" in package.json`);
          } else if (!NPM_COMMANDS.has(first)) {
            say(`"${line.trim()}": "npm ${first}" is not an npm command (did you mean "npm run ${first}"?)`);
          } else if (RUNS_SCRIPT[first] && !(RUNS_SCRIPT[first] in scripts)) {
            say(`"${line.trim()}": no script "${RUNS_SCRIPT[first]}" in package.json for "npm ${first}"`);
          }
        } else if (tool === 'npx') {
          const bin = words.slice(1).find((word) => !word.startsWith('-'));
          if (bin && !bins.has(bin)) say(`"${line.trim()}": "npx ${bin}" is not installed (node_modules/.bin)`);
        } else if (tool === 'node') {
          const rest = words.slice(1);
          let i = 0;
          for (let word = rest[i]; word?.startsWith('-'); word = rest[i]) i += ['--import', '-r', '--require', '--loader'].includes(word) ? 2 : 1;
          const script = rest[i];
          if (script && !script.startsWith('-') && !BUILD_OUTPUTS.test(script) && !existsSync(join(ROOT, script))) {
            say(`"${line.trim()}": node script "${script}" does not exist`);
          }
        }
      }
    }
  }
  return problems;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The text with fenced blocks and inline code blanked, so a link shown as code is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?\n\s*\2\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative links of one markdown file that lead nowhere (a missing file, or an anchor without its heading). */
function linkProblems(file: string, markdown: string, read: (path: string) => string | null): Problem[] {
  const problems: Problem[] = [];
  for (const match of withoutCode(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const full = path ? resolve(dirname(file), path) : file;
    const text = read(full);
    if (text === null) { problems.push({ file, problem: `link to ${target}: no such file` }); continue; }
    if (anchor && full.endsWith('.md') && !anchorsOf(text).has(anchor)) {
      problems.push({ file, problem: `link to ${target}: no heading "#${anchor}" there` });
    }
  }
  return problems;
}

const readIfExists = (path: string): string | null => {
  if (!existsSync(path)) return null;
  return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
};

describe('the docs', () => {
  const files = markdownFiles();
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const bins = new Set(existsSync(join(ROOT, 'node_modules/.bin')) ? readdirSync(join(ROOT, 'node_modules/.bin')) : []);

  it('has README.md and the pages under docs/', () => {
    expect(files.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/recipes.md', 'docs/operations.md', 'docs/performance.md']));
  });

  it('names only npm scripts, npm commands, installed tools and existing files in their sh blocks', () => {
    const problems = files.flatMap((file) => commandProblems(relative(ROOT, file), readFileSync(file, 'utf8'), pkg.scripts, bins));
    expect(problems).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const problems = files.flatMap((file) => linkProblems(file, readFileSync(file, 'utf8'), readIfExists)
      .map((p) => ({ ...p, file: relative(ROOT, p.file) })));
    expect(problems).toEqual([]);
  });

  it('sees a bad command and a dead link when there is one', () => {
    const text = [
      'See [the recipes](docs/recipes.md#no-such-heading) and [nothing](docs/nothing.md).',
      '```sh', 'npm install && npm run nope', 'FOO=1 npm frobnicate', 'npx no-such-tool-here run', 'node scripts/missing.mjs', '```',
      '  ```sh', '  npm run bench \\', '    # a continued line', '  ```',
    ].join('\n');
    const file = join(ROOT, 'README.md');
    expect(commandProblems('x.md', text, pkg.scripts, bins).map((p) => p.problem)).toEqual([
      '"npm install && npm run nope": no script "nope" in package.json',
      '"FOO=1 npm frobnicate": "npm frobnicate" is not an npm command (did you mean "npm run frobnicate"?)',
      '"npx no-such-tool-here run": "npx no-such-tool-here" is not installed (node_modules/.bin)',
      '"node scripts/missing.mjs": node script "scripts/missing.mjs" does not exist',
    ]);
    expect(linkProblems(file, text, readIfExists).map((p) => p.problem)).toEqual([
      'link to docs/recipes.md#no-such-heading: no heading "#no-such-heading" there',
      'link to docs/nothing.md: no such file',
    ]);
  });
});
