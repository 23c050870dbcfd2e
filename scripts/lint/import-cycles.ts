// Finds import cycles between files and between folders, with TypeScript's own module resolution
// (package.json "imports" aliases, `.ts` extensions), and prints each as a chain. Exit code 1 if any.
//
// Imports that count: static, re-exports and dynamic `import()` (a lazy import breaks a cycle at
// load time, not in the design: the two modules still cannot be understood apart). `import type`
// and `export type` do not: they vanish from the build, and the createApp(deps) hub (deps.ts
// names each area's types, each area's routes take AppDeps) would otherwise be a cycle by design.
// The layer rule of eslint.config.js judges type imports too.
//
// Folder level: each file belongs to a unit, the deepest layer root it sits in plus one more path
// segment (see `layerRoots`): src/server/alerts, src/client/features/sos, src/client/lib/session,
// src/client/routes (the route tree is one unit), src/shared/api, sw/..., scripts/bench/figures.
// A file directly in a layer root (src/server/app.ts, src/client/lib/message-text.ts) is a unit of
// its own. Units form a graph of their files' imports; a cycle there is a folder cycle.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Graph = Map<string, Set<string>>;

/** Most specific first: a file's unit is the first root it is under, plus one segment. */
export const layerRoots = [
  'src/client/features',
  'src/client/lib',
  'src/client/ui',
  'src/client/vite-plugins',
  'src/client',
  'src/server',
  'src/shared',
  'sw',
  'scripts/bench',
  'scripts',
];

/** Folder-level edges a move under way ends: empty on main, never a permanent exception. */
export const pendingFixes: { from: string; to: string; branch: string }[] = [];

const sourceFile = /\.(ts|tsx|mts)$/;

function listFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(root, relative);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** The specifiers a file imports at run time (static, re-exported or dynamic; not type-only). */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  function visit(node: ts.Node): void {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return specifiers;
}

/** The file graph of the given folders (paths relative to root, posix), imports of project files only. */
export function buildFileGraph(root: string, folders: string[]): Graph {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolvePackageJsonImports: true,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const files = folders.flatMap((folder) => listFiles(root, folder));
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const absolute = path.join(root, file);
    const text = ts.sys.readFile(absolute) ?? '';
    const targets = new Set<string>();
    for (const fileName of runtimeImports(file, text)) {
      const resolved = ts.resolveModuleName(fileName, absolute, options, ts.sys).resolvedModule;
      if (!resolved) continue;
      const target = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      if (known.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The unit (folder, or a file at a layer root) a file belongs to. */
export function unitOf(file: string): string {
  const root = layerRoots.find((candidate) => file.startsWith(`${candidate}/`));
  if (!root) return file;
  const next = file.slice(root.length + 1).split('/')[0];
  return `${root}/${next}`;
}

/** The unit graph of a file graph. */
export function buildUnitGraph(files: Graph): Graph {
  const units: Graph = new Map();
  for (const [file, targets] of files) {
    const from = unitOf(file);
    const edges = units.get(from) ?? new Set();
    units.set(from, edges);
    for (const target of targets) if (unitOf(target) !== from) edges.add(unitOf(target));
  }
  return units;
}

/** Removes file edges that cross a skipped unit edge, so a pending folder fix hides its file cycles too. */
export function withoutSkipped(files: Graph, skip: { from: string; to: string }[]): Graph {
  const kept: Graph = new Map();
  for (const [file, targets] of files) {
    const from = unitOf(file);
    kept.set(file, new Set([...targets].filter((target) => !skip.some((edge) => edge.from === from && edge.to === unitOf(target)))));
  }
  return kept;
}

/**
 * Cycles as chains ending where they start: in each strongly connected group (Tarjan), the
 * shortest cycle through each member, without repeats, so no member's cycle hides behind another's.
 */
export function findCycles(graph: Graph): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  function visit(node: string): void {
    order.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  }

  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  const cycles = new Map<string, string[]>();
  for (const group of groups) {
    const members = new Set(group);
    for (const start of [...members].sort()) {
      const chain = shortestCycle(graph, members, start);
      const key = [...chain.slice(1)].sort().join(' ');
      if (!cycles.has(key)) cycles.set(key, chain);
    }
  }
  return [...cycles.values()];
}

/** Breadth-first from start back to itself, inside the group (neighbours sorted: stable output). */
function shortestCycle(graph: Graph, group: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)!) chain.unshift(at);
        chain.unshift(start);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Every file and folder cycle of the project, as printable lines. */
export function describeCycles(root: string, folders: string[], skip: { from: string; to: string }[] = pendingFixes): string[] {
  const files = withoutSkipped(buildFileGraph(root, folders), skip);
  const fileCycles = findCycles(files).map((chain) => `file cycle: ${chain.join(' -> ')}`);
  const folderCycles = findCycles(buildUnitGraph(files)).map((chain) => `folder cycle: ${chain.join(' -> ')}`);
  return [...fileCycles, ...folderCycles];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = describeCycles(process.cwd(), ['src', 'sw', 'scripts']);
  for (const line of lines) console.log(line);
  if (pendingFixes.length > 0) console.log(`(${pendingFixes.length} folder edges skipped for now: pendingFixes in scripts/lint/import-cycles.ts)`);
  if (lines.length > 0) {
    console.log(`${lines.length} import cycles: move the shared part down a layer, or invert the dependency.`);
    process.exitCode = 1;
  }
}
