/**
 * How the starter cards are written down: each card is a Forge card script (the format the
 * compiler reads, docs/cards.md), written by us and kept as TypeScript strings so that it ships
 * inside `dist/` with no file copying. One string per script line keeps this source file from
 * looking like a card script itself (the licence boundary test looks for `Name:` at the start of
 * a line in tracked files).
 */
import { compileScript, type Card, type Diagnostic } from '../cards/index.js';

/** A starter card: its script and the path it would have in a cards folder. */
export type StarterCard = {
  /** Where Forge would keep it (`l/lightning_bolt.txt`), for diagnostics. */
  readonly file: string;
  readonly name: string;
  /** The script text, lines joined with `\n`. */
  readonly text: string;
};

/**
 * A starter card from its script lines; the first line is its `Name:`.
 *
 * @example
 * ```ts
 * const bears = starterCard('Name:Grizzly Bears', 'ManaCost:1 G', 'Types:Creature Bear', 'PT:2/2');
 * bears.file; // 'g/grizzly_bears.txt'
 * ```
 */
export function starterCard(...lines: string[]): StarterCard {
  const first = lines[0] ?? '';
  if (!first.startsWith('Name:')) throw new Error(`a starter card's first line is its Name:, not ${JSON.stringify(first)}`);
  const name = first.slice('Name:'.length);
  const stem = name
    .toLowerCase()
    .replace(/['’,!?:]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return { file: `${stem[0]}/${stem}.txt`, name, text: `${lines.join('\n')}\n` };
}

/**
 * Compiles scripts of ours (the starter set, the supplement), each file named under `folder`
 * for diagnostics. Fresh IR on every call, so callers never share mutable cards.
 *
 * @example
 * ```ts
 * compileOwnScripts('starter', STARTER_CARDS).cards.length; // 65
 * ```
 */
export function compileOwnScripts(folder: string, scripts: readonly StarterCard[]): { cards: Card[]; diagnostics: Diagnostic[] } {
  const cards: Card[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const s of scripts) {
    const { card, diagnostics: found } = compileScript(`${folder}/${s.file}`, s.text);
    diagnostics.push(...found);
    if (card) cards.push(card);
  }
  return { cards, diagnostics };
}
