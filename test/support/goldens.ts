/**
 * Golden files and corpus archives shared by the data-driven tests.
 *
 * Re-record goldens with `UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts <dir>`
 * and review the diff before committing.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { readTar } from '../../src/mtg/cards/tar.js';

export const UPDATE_GOLDENS = process.env.UPDATE_GOLDENS === '1';

/** Compares `actual` with the JSON golden `file`, or writes it when re-recording. */
export function expectJsonGolden(file: string, actual: unknown): void {
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (UPDATE_GOLDENS) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file)) throw new Error(`${file} is missing: record it with UPDATE_GOLDENS=1 and review it`);
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Unpacks the files of a `.tar.gz` whose names end in `ext` into `dest` (under the git-ignored
 * `.corpus/`), each written to a temporary name and renamed, so that another process unpacking
 * the same archive at the same time never sees half a file. Returns their paths relative to
 * `dest`, sorted.
 */
export function extractArchive(archive: string, dest: string, ext: string): string[] {
  const out: string[] = [];
  let n = 0;
  for (const file of readTar(gunzipSync(readFileSync(archive)))) {
    if (!file.path.endsWith(ext) || file.path.split('/').includes('..')) continue;
    const target = join(dest, file.path);
    out.push(file.path);
    if (existsSync(target) && readFileSync(target).equals(file.data)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}-${n++}`;
    writeFileSync(tmp, file.data);
    renameSync(tmp, target);
  }
  return out.sort();
}
