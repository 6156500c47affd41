// The one import walker of the architecture tests (the runtime's, the stores', the Magic side's
// boundaries). It reads import statements with a regular expression rather than the compiler: the
// code base writes one statement a line start, and TSDoc examples (` * import ...`) are not code.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * One module a file names: `static` (an import or re-export that runs), `type` (`import type`,
 * `export type`: gone at run time) or `dynamic` (`import('…')`, loaded on demand).
 */
export type ModuleImport = { spec: string; kind: 'static' | 'type' | 'dynamic' };

// Statements at the start of a line only: `import x from 'a'`, `export { y } from 'b'`, `import 'c'`,
// and their multi-line forms (the clause may span lines; it holds no quote).
const STATEMENT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module `file` (absolute) names, in source order by kind. */
export function importsOf(file: string): ModuleImport[] {
  const text = readFileSync(file, 'utf8');
  const found: ModuleImport[] = [];
  for (const m of text.matchAll(STATEMENT)) found.push({ spec: m[2]!, kind: m[1] ? 'type' : 'static' });
  for (const m of text.matchAll(DYNAMIC)) found.push({ spec: m[1]!, kind: 'dynamic' });
  return found;
}

/** The absolute source file a relative specifier names (`./x.js` is `./x.ts`); undefined for a package. */
export function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return resolve(dirname(from), spec.replace(/\.js$/, '.ts'));
}

/** Every `.ts` file under `dir` (repository-relative or absolute), as absolute paths, sorted. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) out.push(path);
    }
  };
  walk(resolve(REPO, dir));
  return out;
}

/** A path relative to the repository, for messages and comparisons. */
export function repoPath(file: string): string {
  return relative(REPO, file);
}

/**
 * What importing `entry` (repository-relative) loads at run time: every source file reached by
 * static imports (type-only imports vanish at build time; dynamic ones load only when called), and
 * the packages and built-ins they name. Both lists are repository-relative and sorted.
 */
export function reach(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const stack = [resolve(REPO, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const { spec, kind } of importsOf(file)) {
      if (kind !== 'static') continue;
      const target = resolveImport(file, spec);
      if (target) stack.push(target);
      else packages.add(spec);
    }
  }
  return { files: [...files].map(repoPath).sort(), packages: [...packages].sort() };
}
