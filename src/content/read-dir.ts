/**
 * Reads a content folder from disk (Node only). Kept apart from `publish` so that the browser
 * build never pulls in the file system.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const CONTENT = /\.(ya?ml|json)$/i;

/**
 * Every `.yaml`, `.yml` and `.json` file under `dir`, by its path relative to `dir` (with `/`),
 * in sorted order so that merging is the same on every machine.
 */
export async function readContentDir(dir: string): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  const walk = async (d: string): Promise<void> => {
    const list = await readdir(d, { withFileTypes: true });
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of list) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && CONTENT.test(e.name)) out[relative(dir, full).split(sep).join('/')] = await readFile(full);
    }
  };
  await walk(dir);
  return out;
}
