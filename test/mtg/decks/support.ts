/**
 * Helpers behind the deck tests.
 *
 * Fixtures are `.dck` files in `test/mtg/decks/fixtures/` (decks with no error) and
 * `fixtures/_error_/` (one error each), read against the starter registry; each has a golden
 * `<deck>.json` beside it: the deck in runs of copies and its diagnostics (codes and positions,
 * never messages). Re-record after a deliberate change, then review the diff:
 *
 *     UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/mtg/decks
 *     git diff test/mtg/decks/fixtures
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expectJsonGolden, extractArchive } from '../../support/goldens.js';
import { compileScript, createCardRegistry, type Card, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { readTar } from '../../../src/mtg/cards/tar.js';
import type { Deck } from '../../../src/mtg/decks/index.js';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The `.dck` fixtures of one kind, sorted. */
export function deckCases(kind: 'valid' | 'error'): Array<{ name: string; path: string; text: string }> {
  const dir = kind === 'valid' ? FIXTURES : join(FIXTURES, '_error_');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.dck'))
    .sort()
    .map((f) => ({ name: f, path: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}

/** A list of names as runs: `['Mountain', 'Mountain', 'Shock']` → `[['Mountain', 2], ['Shock', 1]]`. */
export function runs(names: string[]): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const n of names) {
    const last = out[out.length - 1];
    if (last && last[0] === n) last[1]++;
    else out.push([n, 1]);
  }
  return out;
}

/** What a golden records of a deck. */
export function summary(deck: Deck): unknown {
  return {
    name: deck.name,
    metadata: deck.metadata,
    main: runs(deck.main),
    sideboard: runs(deck.sideboard),
    commander: runs(deck.commander),
    lines: deck.lines.map((l) => [l.section, l.line, l.count, l.written, l.card ?? null, l.set ?? null, l.art ?? null, l.foil ?? null]),
    diagnostics: deck.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      line: d.line,
      column: d.column,
      ...(d.suggestions ? { suggestions: d.suggestions } : {}),
    })),
  };
}

/** Compares with `<deck>.json` next to the deck, or writes it when re-recording. */
export function expectGolden(deckPath: string, actual: unknown): void {
  expectJsonGolden(deckPath.replace(/\.dck$/, '.json'), actual);
}

/**
 * Unpacks an archive's `.dck` files into `dest` (under the git-ignored `.corpus/`), each written
 * to a temporary name and renamed, so that another process unpacking the same archive at the
 * same time never sees half a file. Returns the decks' paths relative to `dest`, sorted.
 */
export function extractDecks(archive: string, dest: string): string[] {
  return extractArchive(archive, dest, '.dck');
}

/** Every card of the Forge cardsfolder archive, compiled in memory (never written to disk). */
export function forgeRegistry(archive: string): CardRegistry {
  const cards: Card[] = [];
  const tokens: Card[] = [];
  for (const file of readTar(gunzipSync(readFileSync(archive)))) {
    const m = /(?:^|\/)(cardsfolder|tokenscripts)\/(.+\.txt)$/i.exec(file.path);
    if (!m) continue;
    const token = m[1] === 'tokenscripts';
    const { card } = compileScript(m[2]!, file.data, { token });
    if (card) (token ? tokens : cards).push(card);
  }
  return createCardRegistry({ cards, tokens });
}
