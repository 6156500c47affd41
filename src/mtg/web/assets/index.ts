/**
 * The asset commands' Node code (issue 17; docs/mtg/web.md, "Data and assets"): the site export,
 * the card → image table, image downloads and content addressing. The commands in src/mtg/cli/
 * only read options and print; the pages never import this folder (it uses node:fs).
 */
import { isAbsolute, relative } from 'node:path';

export * from './card-lookup.js';
export * from './download.js';
export * from './export-web.js';
export * from './hash-assets.js';

/**
 * A path as a message shows it: relative to `cwd` when it is inside it, else absolute.
 *
 * @example
 * ```ts
 * displayPath('/repo', '/repo/web/data'); // 'web/data'
 * displayPath('/repo', '/tmp/site'); // '/tmp/site'
 * ```
 */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
