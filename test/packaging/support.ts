/**
 * Packaging test support: the package as a consumer gets it. `npm pack` the built package, unpack
 * the tarball into `node_modules/storyletengine` of a fresh folder under the system's temp
 * folder (outside the repository, so nothing of the repository's node_modules is visible by
 * walking up), and link in only the package's own `dependencies`: no devDependency (no `@types/*`
 * the package does not ship), no optional peer. Nothing is downloaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

export interface Consumer {
  /** The consumer project's folder. */
  dir: string;
  /** Where the unpacked package is: `<dir>/node_modules/storyletengine`. */
  pkgDir: string;
  /** The unpacked package.json. */
  manifest: { exports: Record<string, unknown>; dependencies: Record<string, string>; peerDependencies?: Record<string, string> };
  /** Links a package from the repository's node_modules into the consumer's (a type package, say). */
  link(name: string): void;
  remove(): void;
}

/** Packs the built package (run `npm run build` first) and makes a consumer project around it. */
export function makeConsumer(): Consumer {
  const dir = mkdtempSync(join(tmpdir(), 'se-consumer-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })) as {
    filename: string;
  }[];
  const pkgDir = join(dir, 'node_modules', 'storyletengine');
  mkdirSync(pkgDir, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, packed[0]!.filename), '-C', pkgDir, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Consumer['manifest'];
  const link = (name: string): void => {
    const to = join(dir, 'node_modules', name);
    mkdirSync(join(to, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), to, 'dir');
  };
  for (const dep of Object.keys(manifest.dependencies)) link(dep);
  return { dir, pkgDir, manifest, link, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The package's public entries, as consumers name them (`storyletengine`, `storyletengine/runtime`, …). */
export function entries(manifest: Consumer['manifest']): string[] {
  return Object.keys(manifest.exports)
    .filter((k) => k !== './package.json')
    .map((k) => (k === '.' ? 'storyletengine' : `storyletengine/${k.slice(2)}`));
}
