/**
 * Reads a content folder from disk (Node only). Kept apart from `publish` so that the browser
 * build never pulls in the file system.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const CONTENT = /\.(ya?ml|json)$/i;
/** Every file this package writes (bundles, snapshots) says so in a top-level `format`. */
const OUR_FORMAT = 'storyletengine/';

/**
 * Every `.yaml`, `.yml` and `.json` file under `dir`, by its path relative to `dir` (with `/`),
 * in sorted order so that merging is the same on every machine. A `.json` file this package
 * wrote (a bundle: `publish .` writes `./bundle.json` into the folder it reads) is skipped: see
 * {@link isOurOutput}.
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
      else if (e.isFile() && CONTENT.test(e.name)) {
        const bytes = await readFile(full);
        if (/\.json$/i.test(e.name) && isOurOutput(bytes)) continue;
        out[relative(dir, full).split(sep).join('/')] = bytes;
      }
    }
  };
  await walk(dir);
  return out;
}

/**
 * Is this JSON file one this package wrote: a top-level object whose `format` is one of ours
 * (`storyletengine/bundle`, a flow or engine snapshot)? Content never has a top-level `format`
 * key, so no content file is skipped; read as content, a bundle would give one `unknown key`
 * error per top-level key. Only files that mention the marker are parsed.
 */
export function isOurOutput(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (!text.includes(`"${OUR_FORMAT}`)) return false;
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const format = (v as Record<string, unknown>).format;
    return typeof format === 'string' && format.startsWith(OUR_FORMAT);
  } catch {
    // Not JSON at all: it is content (with a syntax error publish will report).
    return false;
  }
}
