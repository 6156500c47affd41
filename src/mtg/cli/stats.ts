/**
 * `mtg stats`: a quick look at the cards a game would use (the fetched corpus, or the starter
 * set): how many, of which types, colours and mana values, and how many the engine can play. A
 * sanity check that the card database loads.
 */
import { computeCoverage, supportedPrimitives, type Card } from '../cards/index.js';
import { STARTER_DECKS } from '../starter/index.js';
// The engine registers what it implements with the compiler when it loads: "playable" needs it.
import '../engine/index.js';
import { cardSource, describeSource, guard, loadRegistry, parse, str, UsageError, type CommandIO, type OptionTable } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'statistics about the cards games are played with';

const HELP = `usage: mtg stats [--cards DIR] [--json]

Prints how many cards are loaded and from where, by type, colour and mana value, and how many of
them the engine can play.
  --cards DIR   a fetched cards folder (default: .cards if fetched, else the starter set)
  --json        the same figures as JSON`;

const OPTIONS: OptionTable = { cards: { type: 'string' }, json: { type: 'boolean' } };

const TYPES = ['Land', 'Creature', 'Instant', 'Sorcery', 'Artifact', 'Enchantment', 'Planeswalker', 'Battle', 'Tribal', 'Kindred'];
const COLOURS = ['W', 'U', 'B', 'R', 'G'];

/**
 * Runs `mtg stats <args>` and returns the exit code.
 *
 * @example
 * ```ts
 * await run(['--cards', 'starter'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg stats', io, () => stats(args, io));
}

function count<T>(items: readonly T[], key: (x: T) => string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of items) for (const k of key(x)) out[k] = (out[k] ?? 0) + 1;
  return out;
}

function stats(args: string[], io: CommandIO): number {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}"`);
  const source = cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(source);
  const cards: readonly Card[] = registry.cards;
  const coverage = computeCoverage([...cards], [...registry.tokens], supportedPrimitives(), []);
  const byType = count(cards, (c) => TYPES.filter((t) => c.faces.some((f) => f.types.cardTypes.includes(t))));
  const byColour = count(cards, (c) => (c.colours.length === 0 ? ['colourless'] : c.colours.length > 1 ? ['multicolour'] : [...c.colours]));
  const byValue = count(cards, (c) => (c.faces[0]?.types.cardTypes.includes('Land') ? [] : [c.manaValue >= 7 ? '7+' : String(c.manaValue)]));
  const figures = {
    source: describeSource(source),
    cards: cards.length,
    tokens: registry.tokens.length,
    playable: coverage.playable,
    duplicates: registry.duplicates.length,
    byType,
    byColour,
    byManaValue: byValue,
    starterDecks: source.kind === 'starter' ? STARTER_DECKS.map((d) => d.file) : [],
  };
  if (p.values.json === true) {
    io.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    return 0;
  }
  const line = (label: string, rec: Record<string, number>, order: string[]): string =>
    `${label.padEnd(12)}${order
      .filter((k) => rec[k])
      .map((k) => `${k} ${rec[k]}`)
      .join(' · ')}`;
  const share = cards.length ? ((100 * coverage.playable) / cards.length).toFixed(1) : '0.0';
  io.stdout.write(
    [
      `cards from ${figures.source}: ${cards.length} cards, ${registry.tokens.length} token scripts`,
      `playable    ${coverage.playable} (${share}%) — the engine implements every primitive they need`,
      line('types', byType, TYPES),
      line('colours', byColour, [...COLOURS, 'multicolour', 'colourless']),
      line('mana value', byValue, ['0', '1', '2', '3', '4', '5', '6', '7+']),
      ...(registry.duplicates.length ? [`duplicates  ${registry.duplicates.length} scripts share a name with an earlier one`] : []),
      ...(figures.starterDecks.length ? [`decks       ${figures.starterDecks.join(', ')}`] : []),
      '',
    ].join('\n'),
  );
  return 0;
}
