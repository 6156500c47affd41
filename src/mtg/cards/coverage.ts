/**
 * Coverage: how much of the corpus the engine can play. A card is playable when every primitive
 * it needs is supported (`missingPrimitives` is empty). "Playable" means every symbol is
 * registered, not that every parameter is honoured: the census beside it lists the parameters no
 * code reads, and the stricter "faithful" figure counts the playable cards none of whose
 * parameters is among them (descriptions and AI hints aside).
 */
import { paramReaders, takeCensus, unreadParams, type CensusEntry } from './census.js';
import { countByCode, type Diagnostic } from './diagnostics.js';
import type { Card } from './ir.js';

/**
 * The primitives `card` needs that `supported` lacks, sorted.
 *
 * @example
 * ```ts
 * missingPrimitives(shock, new Set(['api:DealDamage'])); // ['cost:Mana']
 * ```
 */
export function missingPrimitives(card: Card, supported: ReadonlySet<string>): string[] {
  return card.primitives.filter((p) => !supported.has(p));
}

/** Playable counts for one group of cards. */
export type CoverageBucket = { bucket: string; cards: number; playable: number; percent: number };

/** One missing primitive: how many cards need it, and how many need nothing else. */
export type MissingEntry = { symbol: string; cards: number; onlyBlocker: number };

/**
 * The card types of casual variants' own cards, which are never in a deck and never cast: Planes
 * and Phenomena (Planechase, CR 311, 312, 901), Vanguards (CR 313, 902), Schemes (Archenemy, CR
 * 314, 904) and Conspiracies (Conspiracy Draft, CR 315, 905). A Battle (CR 310) or a Dungeon (CR
 * 309, ventured into in ordinary games) is not one of them.
 *
 * @example
 * ```ts
 * VARIANT_TYPES.includes('Vanguard'); // true
 * ```
 */
export const VARIANT_TYPES: readonly string[] = ['Plane', 'Phenomenon', 'Vanguard', 'Scheme', 'Conspiracy'];

/** Why variant cards are left out of the percentages, as the report prints it. */
export const VARIANT_REASON =
  "cards of casual variants (Planechase, Vanguard, Archenemy, Conspiracy Draft): never in a deck nor cast, they need those formats' own rules (CR 901-905), so they are counted apart and left out of the percentages";

/**
 * Whether a card belongs to a casual variant rather than to ordinary Magic: its front face has
 * one of {@link VARIANT_TYPES}.
 *
 * @example
 * ```ts
 * isVariantCard(registry.get('Akroma, Angel of Wrath Avatar')); // true (a Vanguard)
 * ```
 */
export function isVariantCard(card: Card): boolean {
  return card.faces[0]!.types.cardTypes.some((t) => VARIANT_TYPES.includes(t));
}

/** The variant cards of a corpus, counted apart (see {@link VARIANT_TYPES}). */
export type VariantCount = { cards: number; playable: number; byType: Record<string, number>; reason: string };

/** The whole report, plain JSON. */
export type CoverageReport = {
  /** Cards of ordinary Magic: every figure below but `variants` (and the census) is about these. */
  cards: number;
  playable: number;
  percent: number;
  /** Playable cards every parameter of which some code declared it reads (descriptive keys aside). */
  faithful: number;
  tokens: { cards: number; playable: number };
  /** Cards of casual variants, out of `cards` and the percentages. */
  variants: VariantCount;
  supported: number;
  missing: MissingEntry[];
  byType: CoverageBucket[];
  byColour: CoverageBucket[];
  byManaValue: CoverageBucket[];
  census: { keys: number; read: number; unread: CensusEntry[] };
  diagnostics: Record<string, number>;
};

const TYPE_ORDER = ['Creature', 'Planeswalker', 'Instant', 'Sorcery', 'Enchantment', 'Artifact', 'Land'];
const COLOUR_ORDER = ['W', 'U', 'B', 'R', 'G', 'Multicolour', 'Colourless'];

function typeBucket(card: Card): string {
  const types = card.faces[0]!.types.cardTypes;
  return TYPE_ORDER.find((t) => types.includes(t)) ?? 'Other';
}

function colourBucket(card: Card): string {
  if (card.colours.length === 0) return 'Colourless';
  return card.colours.length === 1 ? card.colours[0]! : 'Multicolour';
}

function manaValueBucket(card: Card): string {
  return card.manaValue >= 7 ? '7+' : String(card.manaValue);
}

/** A share to show people: one decimal, or two when it would otherwise read 0.0 for a non-zero share. */
function percentText(part: number, whole: number): string {
  if (whole === 0) return '0.0';
  const p = (100 * part) / whole;
  return p > 0 && p < 0.05 ? p.toFixed(2) : p.toFixed(1);
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}

function buckets(cards: Card[], playable: Set<Card>, key: (c: Card) => string, order: string[]): CoverageBucket[] {
  const tally = new Map<string, { cards: number; playable: number }>();
  for (const card of cards) {
    const k = key(card);
    const t = tally.get(k) ?? { cards: 0, playable: 0 };
    t.cards++;
    if (playable.has(card)) t.playable++;
    tally.set(k, t);
  }
  const rank = (k: string): number => (order.includes(k) ? order.indexOf(k) : order.length);
  return [...tally.keys()]
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((bucket) => {
      const t = tally.get(bucket)!;
      return { bucket, cards: t.cards, playable: t.playable, percent: percent(t.playable, t.cards) };
    });
}

/**
 * Measures coverage of `cards` (and `tokens`) against `supported`, with the parameter census and
 * the diagnostics by code.
 *
 * @example
 * ```ts
 * const report = computeCoverage(registry.cards, registry.tokens, supportedPrimitives());
 * `${report.playable}/${report.cards}`;
 * ```
 */
export function computeCoverage(corpusCards: Card[], tokens: Card[], supportedSymbols: Iterable<string>, extraDiagnostics: Diagnostic[] = []): CoverageReport {
  const supported = new Set(supportedSymbols);
  // Variant cards would only dilute the figures (and rank their own rules among the missing
  // primitives): they are counted on a line of their own.
  const cards = corpusCards.filter((c) => !isVariantCard(c));
  const variantCards = corpusCards.filter(isVariantCard);
  const variantTypes: Record<string, number> = {};
  for (const c of variantCards) {
    const t = c.faces[0]!.types.cardTypes.find((x) => VARIANT_TYPES.includes(x))!;
    variantTypes[t] = (variantTypes[t] ?? 0) + 1;
  }
  const variants: VariantCount = {
    cards: variantCards.length,
    playable: variantCards.filter((c) => missingPrimitives(c, supported).length === 0).length,
    byType: Object.fromEntries(VARIANT_TYPES.filter((t) => variantTypes[t]).map((t) => [t, variantTypes[t]!])),
    reason: VARIANT_REASON,
  };
  const playable = new Set<Card>();
  const need = new Map<string, { cards: number; onlyBlocker: number }>();
  for (const card of cards) {
    const missing = missingPrimitives(card, supported);
    if (missing.length === 0) playable.add(card);
    for (const symbol of missing) {
      const n = need.get(symbol) ?? { cards: 0, onlyBlocker: 0 };
      n.cards++;
      if (missing.length === 1) n.onlyBlocker++;
      need.set(symbol, n);
    }
  }
  const missing = [...need.entries()]
    .map(([symbol, n]) => ({ symbol, ...n }))
    .sort((a, b) => b.cards - a.cards || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const readers = paramReaders();
  let faithful = 0;
  for (const card of playable) if (unreadParams(card, readers).length === 0) faithful++;
  // The census and the diagnostics are about the scripts, variants' included.
  const census = takeCensus([...corpusCards, ...tokens]);
  const diagnostics = countByCode([...corpusCards, ...tokens].flatMap((c) => c.diagnostics).concat(extraDiagnostics));
  return {
    cards: cards.length,
    playable: playable.size,
    percent: percent(playable.size, cards.length),
    faithful,
    tokens: { cards: tokens.length, playable: tokens.filter((t) => missingPrimitives(t, supported).length === 0).length },
    variants,
    supported: supported.size,
    missing,
    byType: buckets(cards, playable, typeBucket, TYPE_ORDER),
    byColour: buckets(cards, playable, colourBucket, COLOUR_ORDER),
    byManaValue: buckets(cards, playable, manaValueBucket, ['0', '1', '2', '3', '4', '5', '6', '7+']),
    census: { keys: census.keys, read: census.read, unread: census.unread },
    diagnostics,
  };
}

/** Output options for {@link formatCoverage}. */
export type CoverageFormat = { format: 'md' | 'json'; top?: number };

/**
 * Renders a report. Markdown starts with the line `cards: N  playable: P (x%)` (ordinary cards;
 * a `variants:` line below counts the casual variants' cards apart, with why), then tables of
 * the top missing primitives, coverage by type, colour and mana value, the unread parameters and
 * the diagnostics. JSON is the report itself, with `missing` and the census cut to `top`.
 *
 * @example
 * ```ts
 * console.log(formatCoverage(report, { format: 'md', top: 20 }));
 * ```
 */
export function formatCoverage(report: CoverageReport, options: CoverageFormat): string {
  const top = options.top ?? 25;
  if (options.format === 'json') {
    return JSON.stringify(
      { ...report, missing: report.missing.slice(0, top), census: { ...report.census, unread: report.census.unread.slice(0, top) } },
      null,
      2,
    );
  }
  const out: string[] = [];
  out.push(`cards: ${report.cards}  playable: ${report.playable} (${percentText(report.playable, report.cards)}%)`);
  out.push(
    `faithful: ${report.faithful} (${percentText(report.faithful, report.cards)}%): playable, and every parameter they write is read by the engine (descriptions and AI hints aside)`,
  );
  out.push(`tokens: ${report.tokens.cards}  playable: ${report.tokens.playable}`);
  const v = report.variants;
  const kinds = Object.entries(v.byType)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  out.push(`variants: ${v.cards}${kinds ? ` (${kinds})` : ''}  playable: ${v.playable}: ${v.reason}`);
  out.push(`supported primitives: ${report.supported}`);
  out.push('', `## Top missing primitives`, '', '| primitive | cards | only blocker |', '| --- | ---: | ---: |');
  for (const m of report.missing.slice(0, top)) out.push(`| \`${m.symbol}\` | ${m.cards} | ${m.onlyBlocker} |`);
  const table = (title: string, rows: CoverageBucket[]): void => {
    out.push('', `## By ${title}`, '', `| ${title} | cards | playable | % |`, '| --- | ---: | ---: | ---: |');
    for (const r of rows) out.push(`| ${r.bucket} | ${r.cards} | ${r.playable} | ${r.percent} |`);
  };
  table('type', report.byType);
  table('colour', report.byColour);
  table('mana value', report.byManaValue);
  out.push(
    '',
    '## Parameter census',
    '',
    `parameter keys: ${report.census.keys}  read by some code: ${report.census.read}  read by none: ${report.census.unread.length}`,
    '',
    '| parameter (read by none) | on | occurrences | cards | e.g. |',
    '| --- | --- | ---: | ---: | --- |',
  );
  for (const e of report.census.unread.slice(0, top)) out.push(`| ${e.key} | ${e.kind} | ${e.occurrences} | ${e.cards} | ${e.example} |`);
  out.push('', '## Diagnostics', '', '| code | count |', '| --- | ---: |');
  for (const [code, n] of Object.entries(report.diagnostics)) out.push(`| ${code} | ${n} |`);
  return out.join('\n');
}
