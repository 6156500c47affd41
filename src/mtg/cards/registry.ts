/**
 * Stage 6, the registry: every compiled card and token, looked up by name the way decks name
 * them. Lookup is case-insensitive and forgiving of the spellings `.dck` files use (accents,
 * `Æ`/`AE`, curly apostrophes, `Fire//Ice` spacing, a set code after `|`), and finds a card by
 * any of its face names as well as by its full name.
 */
import { unknownId } from '../../core/errors.js';
import type { CompiledCorpus } from './compile.js';
import type { Card, Face } from './ir.js';

/**
 * The key two spellings of one card name share: accents stripped, `æ` spelt `ae`, apostrophes
 * and dashes unified, `//` spaced, whitespace collapsed, lower case.
 *
 * @example
 * ```ts
 * normaliseCardName('Æther Vial') === normaliseCardName('aether vial'); // true
 * normaliseCardName('Fire//Ice'); // 'fire // ice'
 * ```
 */
export function normaliseCardName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s*\/\/\s*/g, ' // ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** One `.dck` card line: `4 Lightning Bolt|M10|2`; a trailing `+` on the name marks a foil. */
export type DeckEntry = { count: number; name: string; set?: string; foil?: true };

/**
 * Reads a `.dck` card line (count, name, optional `|SET|art`, `+` for foil); `undefined` for
 * headers, metadata and blank lines.
 *
 * @example
 * ```ts
 * parseDeckEntry('4 Lightning Bolt|M10');   // { count: 4, name: 'Lightning Bolt', set: 'M10' }
 * parseDeckEntry('1 Sunblast Angel+|SOM'); // { count: 1, name: 'Sunblast Angel', set: 'SOM', foil: true }
 * ```
 */
export function parseDeckEntry(line: string): DeckEntry | undefined {
  const m = /^\s*(\d+)\s+(.+?)\s*$/.exec(line);
  if (!m) return undefined;
  const [written, set] = m[2]!.split('|').map((s) => s.trim());
  if (!written) return undefined;
  const foil = written.endsWith('+');
  const name = foil ? written.slice(0, -1).trim() : written;
  if (!name) return undefined;
  return { count: Number(m[1]), name, ...(set ? { set } : {}), ...(foil ? { foil: true as const } : {}) };
}

/** The registry API. */
export type CardRegistry = {
  readonly cards: readonly Card[];
  readonly tokens: readonly Card[];
  /** A card by full name, face name or `.dck` line, or `undefined`. */
  lookup(name: string): Card | undefined;
  /** Like {@link lookup}, but throws `cards/unknown-card` with a did-you-mean. */
  get(name: string): Card;
  /** A card and the face a name refers to (`Bust` → Boom // Bust's second face). */
  face(name: string): { card: Card; face: Face } | undefined;
  /** A token script by file stem (`c_3_3_a_wurm_deathtouch`, as `TokenScript$` names it) or name. */
  token(name: string): Card | undefined;
  /** Cards whose names normalise alike (a later script shadowed by an earlier one), for reports. */
  readonly duplicates: ReadonlyArray<readonly [string, string]>;
};

/** How many names as asked one registry remembers the answer for. */
const ASKED_MAX = 20_000;

function stem(file: string): string {
  return file
    .replace(/^.*\//, '')
    .replace(/\.txt$/i, '')
    .toLowerCase();
}

/**
 * Builds the registry of a compiled corpus. When two scripts normalise to one name, the first in
 * file order wins and the pair is listed in `duplicates`.
 *
 * @example
 * ```ts
 * const registry = createCardRegistry(openCorpus('.cards').corpus);
 * registry.get('lightning bolt').faces[0]?.abilities[0]?.head; // 'DealDamage'
 * registry.lookup('1 Fire // Ice|APC')?.layout; // 'split'
 * ```
 */
export function createCardRegistry(corpus: Pick<CompiledCorpus, 'cards' | 'tokens'>): CardRegistry {
  const byName = new Map<string, Card>();
  const byFace = new Map<string, { card: Card; face: Face }>();
  const tokensByKey = new Map<string, Card>();
  const duplicates: Array<[string, string]> = [];
  for (const card of corpus.cards) {
    const key = normaliseCardName(card.name);
    const earlier = byName.get(key);
    if (earlier) duplicates.push([earlier.file, card.file]);
    else byName.set(key, card);
    for (const face of card.faces) {
      const fk = normaliseCardName(face.name);
      if (!byFace.has(fk)) byFace.set(fk, { card, face });
    }
  }
  for (const token of corpus.tokens) {
    for (const key of [stem(token.file), normaliseCardName(token.name)]) if (!tokensByKey.has(key)) tokensByKey.set(key, token);
  }

  const keyOf = (name: string): string => normaliseCardName(parseDeckEntry(name)?.name ?? name.split('|')[0]!);
  // Every game asks for its decklists' names again (and a name is normalised by eight passes):
  // the answers are kept by the name as asked. Bounded, since names can come from a network client.
  const asked = new Map<string, { card: Card; face: Face } | null>();
  const face = (name: string): { card: Card; face: Face } | undefined => {
    const known = asked.get(name);
    if (known !== undefined) return known ?? undefined;
    const key = keyOf(name);
    const direct = byName.get(key);
    const found = direct ? { card: direct, face: direct.faces[0]! } : byFace.get(key);
    if (asked.size < ASKED_MAX) asked.set(name, found ?? null);
    return found;
  };
  const lookup = (name: string): Card | undefined => face(name)?.card;

  return {
    cards: corpus.cards,
    tokens: corpus.tokens,
    lookup,
    get(name) {
      const card = lookup(name);
      if (card) return card;
      return unknownId(
        'cards/unknown-card',
        'card',
        name,
        corpus.cards.map((c) => c.name),
      );
    },
    face,
    token: (name) => tokensByKey.get(name.toLowerCase()) ?? tokensByKey.get(normaliseCardName(name)),
    duplicates,
  };
}
