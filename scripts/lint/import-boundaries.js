// A local ESLint rule that keeps the layers apart (DESIGN.md section 1, STYLE.md 1).
// Every import specifier is resolved to a project path first (relative paths and the
// package.json "imports" aliases alike), so `../contacts/x.ts` is judged exactly like
// `#client/features/contacts/x.ts`. Packages (bare names) are never judged.
//
// A zone is { from, forbid?, allowOnly?, message }, with globs relative to the project root:
//   `*` matches one folder name, `**` any depth, `{a,b}` either name.
//   forbid: a file matching `from` may not import a path matching any of these globs.
//     A `*` that matches the same name in `from` and in the forbidden glob is the
//     file's own folder, so `features/*/**` forbidding `features/*/**` means "no other feature".
//   allowOnly: a file matching `from` may import project files only under these globs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Turns a glob into a regular expression whose groups are the `*` captures. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      source += '(?:.*)';
      i++;
    } else if (char === '*') {
      source += '([^/]+)';
    } else if (char === '{') {
      const end = glob.indexOf('}', i);
      source += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .join('|')})`;
      i = end;
    } else {
      source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/** The package.json "imports" map as [prefix, target folder] pairs, e.g. ['#client/', 'src/client/']. */
export function readAliases(root) {
  const { imports = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.entries(imports)
    .filter(([key, target]) => key.endsWith('/*') && typeof target === 'string' && target.endsWith('/*'))
    .map(([key, target]) => [key.slice(0, -1), path.posix.normalize(target.slice(0, -1))]);
}

/** The project path (posix, relative to root) an import names, or null for a package. */
export function resolveSpecifier(specifier, importerPath, aliases) {
  // Vite's suffixes (`?url`, `?raw`) name the same file.
  const name = specifier.split('?')[0];
  if (name.startsWith('./') || name.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(importerPath), name));
  }
  for (const [prefix, folder] of aliases) {
    if (name.startsWith(prefix)) return path.posix.join(folder, name.slice(prefix.length));
  }
  return null;
}

/** The message of the first zone the import breaks, or null. */
export function findViolation(importerPath, targetPath, zones) {
  for (const zone of zones) {
    const from = globToRegExp(zone.from).exec(importerPath);
    if (!from) continue;
    const own = from.slice(1);
    if (zone.allowOnly && !zone.allowOnly.some((glob) => globToRegExp(glob).test(targetPath))) return zone.message;
    for (const glob of zone.forbid ?? []) {
      const hit = globToRegExp(glob).exec(targetPath);
      if (!hit) continue;
      const ownFolder = hit.length > 1 && hit.slice(1).every((name, i) => name === own[i]);
      if (!ownFolder) return zone.message;
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each layer to the imports DESIGN.md section 1 allows, relative paths included.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                forbid: { type: 'array', items: { type: 'string' } },
                allowOnly: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['from', 'message'],
              additionalProperties: false,
            },
          },
          // Imports that a move under way on another branch will end; never a permanent exception.
          temporarilyAllowed: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' } },
              required: ['from', 'to'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    messages: { boundary: "'{{specifier}}' resolves to {{target}}: {{message}}" },
  },
  create(context) {
    const root = context.cwd;
    const importerPath = path.relative(root, context.filename).split(path.sep).join('/');
    const { zones, temporarilyAllowed = [] } = context.options[0];
    const aliases = readAliases(root);
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, importerPath, aliases);
      if (target === null) return;
      const allowed = temporarilyAllowed.some(({ from, to }) => globToRegExp(from).test(importerPath) && globToRegExp(to).test(target));
      if (allowed) return;
      const message = findViolation(importerPath, target, zones);
      if (message) context.report({ node: source, messageId: 'boundary', data: { specifier: source.value, target, message } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const importBoundaries = { meta: { name: 'local-boundaries' }, rules: { imports: rule } };
