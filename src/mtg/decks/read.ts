/**
 * The `.dck` reader (reference guide, "Deck Files (.dck)"; Forge's deck format): an INI-style
 * text of `[sections]`, `key=value` metadata and `N Card Name|SET|art` lines. Card names are
 * looked up through the card registry, which owns the `.dck` name normalisation (case, accents,
 * `Æ`, curly apostrophes, `Fire//Ice`, foil `+`); this module only reads the file's structure.
 *
 * Never throws: every problem is a {@link DeckDiagnostic} naming the deck file and line.
 */
import { basename } from 'node:path';
import { formatDiagnostic, parseDeckEntry, suggestCardNames, type CardRegistry, type Diagnostic } from '../cards/index.js';
import { DiagnosticSink } from '../cards/diagnostics.js';
import { readTextOrDiagnose } from '../read-file.js';

/** Stable codes of the problems a deck file can have. */
export type DeckDiagnosticCode =
  | 'deck/unknown-card' // a card name the registry does not know
  | 'deck/bad-line' // a line that is not a card line in a card section
  | 'deck/bad-count' // a count of 0, or more copies than a deck can hold
  | 'deck/too-large' // more cards in all than a deck can hold
  | 'deck/empty' // no card in [Main]
  | 'deck/missing-name' // no Name= in [metadata]: the file's name is used
  | 'deck/no-section' // card lines before any [section]: read as [Main]
  | 'deck/unknown-section' // a [section] the format does not have: its lines are skipped
  | 'deck/bad-metadata' // a line in a key=value section without `=`
  | 'deck/cannot-read'; // the file could not be read

/**
 * One problem of a deck file: the Magic side's one {@link Diagnostic}, with the deck codes. For
 * `deck/unknown-card`, `suggestions` holds the nearest known names (none is an empty list).
 *
 * @example
 * ```ts
 * const d: DeckDiagnostic = { code: 'deck/empty', severity: 'error', file: 'x.dck', line: 1, column: 1, message: 'no card in [Main]' };
 * ```
 */
export type DeckDiagnostic = Diagnostic<DeckDiagnosticCode>;

/** The card sections of Forge's format (`DeckSection`), by their lower-case header. */
export type DeckSectionName = 'main' | 'sideboard' | 'commander' | 'planes' | 'schemes' | 'conspiracy' | 'avatar';
const CARD_SECTIONS: ReadonlySet<string> = new Set<DeckSectionName>(['main', 'sideboard', 'commander', 'planes', 'schemes', 'conspiracy', 'avatar']);
// Sections of `key=value` lines: the deck's metadata, and the quest sections Forge's quest decks
// carry ([duel], [shop]), which a game does not need.
const KEY_VALUE_SECTIONS: ReadonlySet<string> = new Set(['metadata', 'duel', 'shop']);

/**
 * Copies one line may ask for; counts beyond it are typing mistakes, not decks.
 *
 * @example
 * ```ts
 * readDeck('[Main]\n5000 Mountain\n', 'x.dck', registry).diagnostics[0]?.code; // 'deck/bad-count'
 * ```
 */
export const MAX_COPIES = 1000;
/**
 * Cards a deck may hold in all its sections; the line that goes beyond is `deck/too-large`.
 *
 * @example
 * ```ts
 * MAX_DECK_CARDS; // 10000
 * ```
 */
export const MAX_DECK_CARDS = 10_000;

/** How {@link readDeck} reads. */
export type ReadDeckOptions = {
  /**
   * For how many unknown names the nearest known names are looked up (default: all); the later
   * `deck/unknown-card` diagnostics have no `suggestions`. A server reading decks a client sent
   * bounds it: each lookup scans the whole registry.
   */
  suggestions?: number;
};

/** One card line as written, with what the registry made of it. */
export type DeckLine = {
  section: DeckSectionName;
  line: number;
  count: number;
  /** The name as written (without count, set, art or foil mark). */
  written: string;
  /** The registry's name for the card, absent when it is unknown. */
  card?: string;
  set?: string;
  /** The art index as written (`2`, or `[75]` in newer files); parsed, not acted on. */
  art?: string;
  foil?: true;
};

/** A deck read from `.dck` text. */
export type Deck = {
  /** `Name=` from [metadata], else the file's name without `.dck`. */
  name: string;
  file: string;
  /** The [metadata] pairs as written (later keys win). */
  metadata: Record<string, string>;
  /** The main deck, one entry per card (counts expanded), in file order, by registry name. */
  main: string[];
  sideboard: string[];
  commander: string[];
  /** Every card line, including unknown cards, for tools. */
  lines: DeckLine[];
  diagnostics: DeckDiagnostic[];
};

/**
 * Reads a `.dck` deck. Card names resolve through `registry.lookup`, so a deck written for Forge
 * reads unchanged; an unknown name is a `deck/unknown-card` error naming the file and line and
 * the nearest known names. Never throws. A deck with any error diagnostic should not be played.
 *
 * @example
 * ```ts
 * const deck = readDeck('[metadata]\nName=Burn\n[Main]\n20 Mountain\n40 Lightning Bolt|M10\n', 'burn.dck', registry);
 * deck.main.length; // 60
 * deck.diagnostics; // []
 * ```
 */
export function readDeck(text: string, file: string, registry: CardRegistry, options: ReadDeckOptions = {}): Deck {
  // Each lookup of the nearest names scans the whole registry: a reader of untrusted text bounds them.
  let suggestionsLeft = options.suggestions ?? Infinity;
  const sink = new DiagnosticSink<DeckDiagnosticCode>(file);
  const diagnostics = sink.items;
  const add = sink.add.bind(sink);
  const deck: Deck = { name: '', file, metadata: {}, main: [], sideboard: [], commander: [], lines: [], diagnostics };
  const sections = new Map<DeckSectionName, string[]>([
    ['main', deck.main],
    ['sideboard', deck.sideboard],
    ['commander', deck.commander],
  ]);
  let section: string | undefined;
  let warnedNoSection = false;
  let total = 0;

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const indent = raw.length - raw.trimStart().length + 1;

    const header = /^\[([^\]]*)\]$/.exec(trimmed);
    if (header) {
      section = header[1]!.trim().toLowerCase();
      if (!CARD_SECTIONS.has(section) && !KEY_VALUE_SECTIONS.has(section)) {
        add(
          'deck/unknown-section',
          'warning',
          lineNo,
          indent,
          `unknown section [${header[1]}]: its lines are skipped (sections are [metadata], [Main], [Sideboard], [Commander], ...)`,
        );
      }
      return;
    }
    if (trimmed.startsWith('[')) {
      add('deck/bad-line', 'error', lineNo, indent, `a section header is written [Name] on a line of its own: ${clip(trimmed)}`);
      return;
    }

    if (section !== undefined && KEY_VALUE_SECTIONS.has(section)) {
      const eq = trimmed.indexOf('=');
      if (eq <= 0) {
        add('deck/bad-metadata', 'warning', lineNo, indent, `a [${section}] line is key=value: ${clip(trimmed)}`);
        return;
      }
      if (section === 'metadata') deck.metadata[trimmed.slice(0, eq).trim()] = trimmed.slice(eq + 1).trim();
      return;
    }
    if (section !== undefined && !CARD_SECTIONS.has(section)) return; // an unknown section, reported once

    const entry = parseDeckEntry(trimmed);
    if (!entry) {
      add('deck/bad-line', 'error', lineNo, indent, `not a card line: ${clip(trimmed)} (a card line is "4 Lightning Bolt", optionally "|SET" and "|art")`);
      return;
    }
    let target = section as DeckSectionName | undefined;
    if (target === undefined) {
      target = 'main';
      if (!warnedNoSection) {
        warnedNoSection = true;
        add('deck/no-section', 'warning', lineNo, indent, 'card lines before any [section] are read as [Main]');
      }
    }
    if (entry.count < 1 || entry.count > MAX_COPIES) {
      add('deck/bad-count', 'error', lineNo, indent, `${entry.count} copies of ${entry.name}: a line asks for 1 to ${MAX_COPIES} copies`);
      return;
    }
    const art = trimmed.split('|')[2]?.trim();
    const card = registry.lookup(entry.name)?.name;
    deck.lines.push({
      section: target,
      line: lineNo,
      count: entry.count,
      written: entry.name,
      ...(card !== undefined ? { card } : {}),
      ...(entry.set ? { set: entry.set } : {}),
      ...(art ? { art } : {}),
      ...(entry.foil ? { foil: true as const } : {}),
    });
    if (card === undefined) {
      const near = suggestionsLeft-- > 0 ? suggestCardNames(registry, entry.name) : undefined;
      const hint = near && near.length > 0 ? `; nearest known: ${near.map((n) => JSON.stringify(n)).join(', ')}` : '';
      add(
        'deck/unknown-card',
        'error',
        lineNo,
        indent + Math.max(0, raw.trimStart().indexOf(entry.name)),
        `unknown card ${JSON.stringify(entry.name)}${hint}`,
        near,
      );
      return;
    }
    if (total + entry.count > MAX_DECK_CARDS) {
      // Once: every later line would say the same.
      if (total <= MAX_DECK_CARDS) add('deck/too-large', 'error', lineNo, indent, `this deck holds more than ${MAX_DECK_CARDS} cards`);
      total = MAX_DECK_CARDS + 1;
      return;
    }
    total += entry.count;
    let list = sections.get(target);
    if (!list) {
      list = [];
      sections.set(target, list);
    }
    for (let n = 0; n < entry.count; n++) list.push(card);
  });

  const named = deck.metadata['Name'] ?? Object.entries(deck.metadata).find(([k]) => k.toLowerCase() === 'name')?.[1];
  if (named) {
    deck.name = named;
  } else {
    deck.name = fileName(file).replace(/\.dck$/i, '');
    add('deck/missing-name', 'warning', 1, 1, `no Name= in [metadata]; the deck is called ${JSON.stringify(deck.name)}`);
  }
  if (deck.main.length === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    add('deck/empty', 'error', 1, 1, 'the deck has no card in [Main]');
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return deck;
}

/**
 * Reads a `.dck` file from disk; a file that cannot be read is a `deck/cannot-read` diagnostic,
 * not an exception.
 *
 * @example
 * ```ts
 * const deck = readDeckFile('decks/burn.dck', registry);
 * if (deck.diagnostics.some((d) => d.severity === 'error')) process.exit(2);
 * ```
 */
export function readDeckFile(path: string, registry: CardRegistry): Deck {
  const read = readTextOrDiagnose(path, 'deck/cannot-read', 'deck');
  if ('text' in read) return readDeck(read.text, path, registry);
  const name = basename(path).replace(/\.dck$/i, '');
  return { name, file: path, metadata: {}, main: [], sideboard: [], commander: [], lines: [], diagnostics: [read.diagnostic] };
}

/**
 * Formats a deck diagnostic: the same function as {@link formatDiagnostic}, kept under its old name.
 *
 * @deprecated Use `formatDiagnostic`, which formats every Magic diagnostic.
 * @example
 * ```ts
 * formatDeckDiagnostic(deck.diagnostics[0]!);
 * // 'decks/burn.dck:5:3  error deck/unknown-card  unknown card "Lightnin Bolt"; nearest known: "Lightning Bolt"'
 * ```
 */
export const formatDeckDiagnostic: (d: DeckDiagnostic) => string = formatDiagnostic;

// The last segment of a path, without node:path: readDeck also runs in the browser (the web pages
// read decks from their text). Both separators, as node:path's basename splits on Windows.
function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
