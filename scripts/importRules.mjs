// The import rules `scripts/check-imports.mjs` enforces, as data, so that the docs can list the
// same rules and a test can compare the two (tests/unit/docs-claims.test.ts): the README draws
// SHELL_LAYERS, docs/server-layers.md lists SERVER_RULES. Change a rule here and in those docs.
//
// A place is written as the docs write it: `dir/` is everything below that folder, `dir/*/` each
// folder in it (a home of its own), `file.ts` that one file; a package is its name, `@scope/*` any
// package of that scope.

/**
 * The shell's layers, lowest first. A file imports only from its own rank or below; two homes of
 * the feature rank never import each other (the app composes them).
 */
export const SHELL_LAYERS = [
  { rank: 0, homes: ['contract/'] },
  { rank: 1, homes: ['machines/'] },
  { rank: 2, homes: ['src/api/', 'src/ui/', 'src/lib/', 'src/i18n/', 'src/reporting/', 'hosts/'] },
  { rank: 3, homes: ['src/game-link/', 'src/host-bridge/', 'src/overlays/', 'src/settings-store/'] },
  { rank: 4, homes: ['src/features/*/'] },
  // The studio's console is composed like the player's app (its providers, the accounts
  // feature's sign-in), beside it: the app starts it under /admin only.
  { rank: 5, homes: ['src/app/', 'src/admin/'] },
  { rank: 6, homes: ['src/main.ts'] },
];

/** The rank whose homes may not import one another. */
export const SEPARATE_RANK = 4;

/** The server's rules: no file in `files` imports anything in `never`. */
export const SERVER_RULES = [
  {
    files: ['server/services/'],
    never: [
      'fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify/*',
      'server/errors.ts', 'server/route.ts', 'server/app.ts', 'server/start.ts', 'server/main.ts',
      'server/http/', 'server/routes/', 'server/plugins/',
    ],
    why: 'services know nothing of HTTP (raise a domain error, services/errors.ts)',
  },
  {
    files: ['server/routes/', 'server/http/', 'server/route.ts', 'server/errors.ts'],
    never: ['server/plugins/'],
    why: 'the route layer does not reach up into plugins/ (move what both need to server/http/)',
  },
];

/** Whether a repository path or a package name is the place `pattern` names. */
export function matches(pattern, name) {
  if (pattern.endsWith('/*')) return name.startsWith(pattern.slice(0, -1));
  if (pattern.endsWith('/*/')) {
    const base = pattern.slice(0, -2);
    return name.startsWith(base) && name.slice(base.length).includes('/');
  }
  if (pattern.endsWith('/')) return name.startsWith(pattern);
  return name === pattern;
}

// The home a path belongs to under `pattern` (`src/features/*/` gives the feature's folder).
export function homeOf(pattern, path) {
  if (pattern.endsWith('/*/')) {
    const base = pattern.slice(0, -2);
    return base + path.slice(base.length).split('/')[0];
  }
  return pattern.replace(/\/$/, '');
}
