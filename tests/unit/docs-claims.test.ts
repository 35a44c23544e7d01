// @vitest-environment node
// The docs' concrete claims that a script can check, so that a moved file or a changed rule
// shows up here rather than in a newcomer's afternoon (README.md and docs/**/*.md):
// - every repository path they name in backticks exists: a path from the top of the repository
//   (`server/route.ts`, `tests/e2e/`) exactly; a shorter one (`e2e/game.ts`, `db/tx.ts`) as the end
//   of some file's path; a bare code file name (`boot.ts`) as some file's name. What a build or a
//   run writes (`dist/`, `bench/results.json`) is not in the repository and is not checked.
// - the layers the README draws are the ranks `scripts/check-imports.mjs` enforces, and the rules
//   docs/server-layers.md lists are its server rules (both read `scripts/importRules.mjs`);
// - lines are at most 100 characters; a table row cannot wrap, so it may be longer, up to
//   TABLE_ROW_MAX; a line may also pass 100 by a URL alone.
// (Relative markdown links and the commands in `sh` blocks: tests/unit/docs-commands.test.ts.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_RULES, SHELL_LAYERS } from '../../scripts/importRules.mjs';

const ROOT = resolve(__dirname, '../..');
const LINE_MAX = 100;
/** A row longer than this is a paragraph in a cell: say it below the table instead. */
const TABLE_ROW_MAX = 400;
/** Not in the repository (at its top): what builds, tests and runs write. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'playwright-report', 'coverage', 'data', 'bench']);
const WRITTEN_BY_A_RUN = /^(dist|dist-server|test-results|playwright-report|coverage|data|bench)(\/|$)/;
/** The endings of code and docs files: a bare name with one of them names a file of ours. */
const CODE_FILE = /\.(ts|tsx|mts|mjs|cjs|sql|cs|md)$/;
/** Any file ending: a shorter path (`e2e/game.ts`) is a claim only when it names a file. */
const ANY_FILE = /\.[a-z][a-z0-9]{0,4}$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || (dir === ROOT && SKIPPED_DIRS.has(entry.name))) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path).split('\\').join('/')];
  });
}

const files = walk(ROOT);
const topLevel = new Set(files.map((file) => file.split('/')[0]));
const names = new Set(files.map((file) => file.split('/').pop()));
const docs = files.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));

interface Line { doc: string; number: number; text: string; inFence: boolean }

function lines(doc: string): Line[] {
  let fence = '';
  return readFileSync(join(ROOT, doc), 'utf8').split('\n').map((text, index) => {
    const line = { doc, number: index + 1, text, inFence: fence !== '' };
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === '' || marker === fence)) fence = fence === '' ? marker : '';
    return line;
  });
}

/** What is wrong with one backticked token, read as a path (null when it is not one, or exists). */
function pathProblem(token: string): string | null {
  if (/[\s*<>{}$=…|,()'"~\\[\]]/.test(token) || token.includes('://') || /^([/@-]|\.\.\/)/.test(token)) return null;
  const path = token.replace(/^\.\//, '').replace(/:\d+$/, '').replace(/#.*$/, '');
  const first = path.split('/')[0] ?? '';
  if (WRITTEN_BY_A_RUN.test(path)) return null;
  if (path.includes('/') && topLevel.has(first)) {
    const exists = path.endsWith('/') ? files.some((file) => file.startsWith(path)) : existsSync(join(ROOT, path));
    return exists ? null : `names \`${token}\`, which is not in the repository`;
  }
  if (path.includes('/') && ANY_FILE.test(path)) {
    return files.some((file) => file.endsWith(`/${path}`)) ? null : `names \`${token}\`, and no file's path ends so`;
  }
  if (!path.includes('/') && CODE_FILE.test(path) && /^[\w.-]+$/.test(path)) {
    return names.has(path) ? null : `names \`${token}\`, and no file in the repository has that name`;
  }
  return null;
}

/** The text of a markdown section: from its heading to the next heading of its level or above. */
function section(doc: string, heading: RegExp): string {
  const all = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const start = all.findIndex((line) => heading.test(line));
  if (start < 0) return '';
  const level = /^#+/.exec(all[start] ?? '')?.[0].length ?? 2;
  const end = all.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return all.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item) => b.includes(item));

describe('the docs name only what exists', () => {
  it('every path named in backticks is in the repository', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const line of lines(doc)) {
        for (const token of ticked(line.text)) {
          const problem = pathProblem(token);
          if (problem) problems.push(`${doc}:${line.number} ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('tells a missing path from one that is there', () => {
    expect(pathProblem('server/route.ts')).toBeNull();
    expect(pathProblem('tests/e2e/')).toBeNull();
    expect(pathProblem('e2e/game.ts')).toBeNull();
    expect(pathProblem('server/nowhere.ts')).toContain('`server/nowhere.ts`, which is not in the repository');
    expect(pathProblem('machines/bridge.ts')).toContain('not in the repository');
    expect(pathProblem('plugins/nowhere.ts')).toContain('no file\'s path ends so');
    expect(pathProblem('nowhere.tsx')).toContain('no file in the repository has that name');
    expect(pathProblem('dist/index.html')).toBeNull();
    expect(pathProblem('app.crates')).toBeNull();
  });
});

describe('the file lists are whole', () => {
  it('the services-by-domain table of docs/server-layers.md names every file of each folder', () => {
    const rows = section('docs/server-layers.md', /^## `services\/` by domain/).split('\n')
      .map((row) => /^\|\s*`([\w-]+)\/`\s*\|(.*)\|\s*$/.exec(row)).filter((row) => row !== null);
    const listed = new Map(rows.map((row) => [row[1] ?? '', new Set((row[2] ?? '').match(/\w+/g) ?? [])]));
    const problems: string[] = [];
    const folders = [...new Set(files.filter((file) => /^server\/services\/[\w-]+\/[^/]+\.ts$/.test(file))
      .map((file) => file.split('/')[2] ?? ''))];
    for (const folder of folders) {
      const words = listed.get(folder);
      if (!words) { problems.push(`docs/server-layers.md "\`services/\` by domain" has no row for \`${folder}/\``); continue; }
      for (const file of files.filter((path) => path.startsWith(`server/services/${folder}/`) && path.endsWith('.ts'))) {
        const name = (file.split('/').pop() ?? '').replace(/\.ts$/, '');
        if (!words.has(name)) problems.push(`docs/server-layers.md "\`services/\` by domain" row \`${folder}/\` does not name ${name} (${file})`);
      }
    }
    for (const folder of listed.keys()) {
      if (!folders.includes(folder)) problems.push(`docs/server-layers.md "\`services/\` by domain" has a row for \`${folder}/\`, which is not a folder of server/services/`);
    }
    expect(folders.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

describe('the layers the docs promise are the ones the lint enforces', () => {
  it('the README draws the shell layers scripts/check-imports.mjs ranks', () => {
    const block = /```\n([\s\S]*?)```/.exec(section('README.md', /^## The layer direction/))?.[1] ?? '';
    const drawn = block.split('←').map((part) => part.trim().split(/\s+/).filter(Boolean));
    const enforced = SHELL_LAYERS.map((layer) => layer.homes);
    const problems: string[] = [];
    for (let rank = 0; rank < Math.max(drawn.length, enforced.length); rank += 1) {
      const said = drawn[rank] ?? [];
      const held = enforced[rank] ?? [];
      if (!sameSet(said, held)) {
        problems.push(`README.md "The layer direction", layer ${rank}: draws ${said.join(' ') || 'nothing'}, `
          + `but scripts/importRules.mjs SHELL_LAYERS ranks ${held.join(' ') || 'nothing'} there`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each rule docs/server-layers.md lists is a rule check-imports enforces, and no other', () => {
    const text = section('docs/server-layers.md', /^## What `npm run lint` checks/);
    const items = text.split(/\n(?=- )/).filter((item) => item.startsWith('- ') && /never imports?/.test(item));
    const stated = items.map((item) => {
      const [who = '', rest = ''] = item.split(/never imports?/);
      return { files: ticked(who), never: ticked(rest.split(';')[0] ?? '') };
    });
    const problems: string[] = [];
    for (const rule of stated) {
      const held = SERVER_RULES.find((enforced) => sameSet(enforced.files, rule.files));
      if (!held) {
        problems.push(`docs/server-layers.md says ${rule.files.join(', ')} never import `
          + `${rule.never.join(', ')}, but scripts/importRules.mjs SERVER_RULES has no rule for those files`);
        continue;
      }
      for (const name of rule.never.filter((name) => !held.never.includes(name))) {
        problems.push(`docs/server-layers.md says ${rule.files.join(', ')} never import ${name}, but check-imports allows it`);
      }
      for (const name of held.never.filter((name) => !rule.never.includes(name))) {
        problems.push(`check-imports forbids ${rule.files.join(', ')} to import ${name}, but docs/server-layers.md does not say so`);
      }
    }
    for (const held of SERVER_RULES.filter((enforced) => !stated.some((rule) => sameSet(rule.files, enforced.files)))) {
      problems.push(`check-imports enforces "${held.why}" (${held.files.join(', ')}), but docs/server-layers.md does not list it`);
    }
    expect(stated.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

describe('the docs read on a narrow screen', () => {
  it(`keeps lines to ${LINE_MAX} characters (a table row to ${TABLE_ROW_MAX})`, () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const line of lines(doc)) {
        const length = line.text.length;
        if (length <= LINE_MAX) continue;
        const tableRow = !line.inFence && /^\s*\|/.test(line.text);
        if (tableRow && length <= TABLE_ROW_MAX) continue;
        if (!tableRow && line.text.replace(/<?https?:\/\/\S+/g, '').length <= LINE_MAX) continue;
        problems.push(`${doc}:${line.number} is ${length} characters (at most ${tableRow ? TABLE_ROW_MAX : LINE_MAX})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
