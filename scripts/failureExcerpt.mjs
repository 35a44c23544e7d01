// Used by `npm test` (scripts/test.mjs), which loads it without a TypeScript loader.

/**
 * What a failed step's output says about the failure, in at most a screenful: a long run's log is
 * often read from its end only (CI shows its last lines), where the step times are, and a failing
 * end-to-end chunk printed minutes earlier would be out of sight. Playwright's and Vitest's own
 * failure sections when there are any (the first failure in full, then the list of failed tests),
 * otherwise the output's last lines.
 */
export function failureExcerpt(output, maxLines = 60) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const first = lines.findIndex((line) => /^\s+1\) /.test(line) || /⎯ (Failed Tests?|Unhandled Errors?) \d*\s*⎯/.test(line));
  if (first === -1) return lines.filter((line) => line.trim()).slice(-Math.min(30, maxLines)).join('\n');
  const listAt = lines.findIndex((line, i) => i > first && (/^\s+\d+ (failed|flaky)$/.test(line) || /^\s*Test Files\s/.test(line)));
  const list = listAt === -1 ? [] : lines.slice(listAt).filter((line) => line.trim()).slice(0, 20);
  const detail = lines.slice(first, listAt === -1 ? undefined : listAt).slice(0, Math.max(10, maxLines - list.length - 1));
  return [...detail, ...(list.length ? ['…', ...list] : [])].join('\n');
}
