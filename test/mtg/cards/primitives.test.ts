// Stage 7: the engine symbols each face needs (following sub-ability chains and SVar bodies),
// the engine-side registry, coverage, and the parameter census.
import { describe, expect, it } from 'vitest';
import {
  PRIMITIVE_KINDS,
  compileDir,
  computeCoverage,
  costSymbol,
  declareParamReads,
  formatCoverage,
  isDescriptiveKey,
  missingPrimitives,
  paramReaders,
  registerPrimitive,
  supportedPrimitives,
  takeCensus,
  unreadParams,
} from '../../../src/mtg/cards/index.js';
import type { Card } from '../../../src/mtg/cards/index.js';
import { MINI, compile } from './support.js';

describe('primitives', () => {
  it('lists api, trig, stat, repl, kw, cost and count symbols, following SVars', () => {
    const { card } = compile([
      'Name:Everything',
      'ManaCost:X G',
      'Types:Creature Beast',
      'PT:1/1',
      'K:Trample',
      'A:AB$ Pump | Cost$ 1 G Sac<1/Creature> | Defined$ Self | NumAtt$ +X | KW$ Haste & HIDDEN Unblockable | SubAbility$ DBDraw',
      'SVar:DBDraw:DB$ Draw | NumCards$ 1 | UnlessCost$ PayLife<2>',
      'T:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigToken',
      'SVar:TrigToken:DB$ Token | TokenAmount$ 1 | TokenKeywords$ Flying<>Vigilance',
      'S:Mode$ Continuous | Affected$ Card.Self | AddKeyword$ Reach',
      'R:Event$ Moved | ValidCard$ Card.Self | Destination$ Graveyard | ReplaceWith$ DBExile',
      'SVar:DBExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ Battlefield | Destination$ Exile',
      'SVar:X:Count$Valid Beast.YouCtrl',
    ]);
    expect(card.diagnostics).toEqual([]);
    expect(card.primitives).toEqual([
      'api:ChangeZone',
      'api:Draw',
      'api:Pump',
      'api:Token',
      'cost:Mana',
      'cost:PayLife',
      'cost:Sac',
      'cost:X',
      'count:Valid',
      'kw:Flying',
      'kw:Haste',
      'kw:Reach',
      'kw:Trample',
      'kw:Unblockable',
      'kw:Vigilance',
      'repl:Moved',
      'stat:Continuous',
      'trig:Attacks',
    ]);
  });

  it('needs text: for rules Forge implements by name, and variant: for casual-variant types', () => {
    expect(compile(['Name:Rule Text', 'ManaCost:X R', 'Types:Sorcery', "Text:X can't be 0."]).card.primitives).toEqual([
      'cost:Mana',
      'cost:X',
      'text:Rule Text',
    ]);
    expect(compile(['Name:A Plane', 'Types:Plane Somewhere']).card.primitives).toEqual(['variant:Plane']);
    expect(compile(['Name:Quiet', 'Types:Sorcery', 'Text:no text']).card.primitives).toEqual([]);
  });

  it("ignores the AI's hint SVars, which the rules never read", () => {
    const { card } = compile(['Name:Hinted', 'Types:Creature', 'SVar:AIPreference:SacCost$Creature.token', 'SVar:RemAIDeck:True']);
    expect(card.primitives).toEqual([]);
  });

  it('adds error:<code> for error diagnostics, so a broken card is never playable', () => {
    const { card } = compile(['Name:Broken', 'Types:Sorcery', 'A:SP$ Draw | Cost$ 0 | SubAbility$ DBNope']);
    expect(card.primitives).toContain('error:link/missing-svar');
  });

  it('names cost parts', () => {
    expect(['T', 'Q', '2', 'W/U', '2/W', 'WB', 'PR', 'X', 'Discard<1/Card>', 'tapXType<2/Creature>'].map(costSymbol)).toEqual([
      'cost:Tap',
      'cost:Untap',
      'cost:Mana',
      'cost:Mana',
      'cost:Mana',
      'cost:Mana',
      'cost:Mana',
      'cost:X',
      'cost:Discard',
      'cost:tapXType',
    ]);
  });
});

describe('the engine registry and coverage', () => {
  it("starts empty: the compiler registers nothing on the engine's behalf", () => {
    expect(supportedPrimitives()).toEqual([]);
  });

  it('accepts known prefixes only, and never error:', () => {
    expect(() => registerPrimitive('error:link/missing-svar')).toThrow(expect.objectContaining({ code: 'cards/bad-primitive' }));
    expect(() => registerPrimitive('DealDamage')).toThrow(expect.objectContaining({ code: 'cards/bad-primitive' }));
    expect(() => registerPrimitive('api:')).toThrow(expect.objectContaining({ code: 'cards/bad-primitive' }));
    expect(PRIMITIVE_KINDS).toEqual(['api', 'trig', 'stat', 'repl', 'kw', 'cost', 'count', 'text', 'variant']);
  });

  it('counts a card playable exactly when nothing it needs is missing', () => {
    const corpus = compileDir(MINI);
    const nothing = computeCoverage(corpus.cards, corpus.tokens, []);
    expect([nothing.cards, nothing.playable, nothing.tokens]).toEqual([8, 0, { cards: 1, playable: 1 }]);
    expect(nothing.missing[0]).toEqual({ symbol: 'cost:Mana', cards: 7, onlyBlocker: 1 });
    const volley = corpus.cards.find((c) => c.name === 'Spark Volley')!;
    const some = computeCoverage(corpus.cards, corpus.tokens, volley.primitives);
    expect(some.playable).toBe(2); // Spark Volley, and Grove Sentinel which needs only cost:Mana
    expect(missingPrimitives(volley, new Set(volley.primitives))).toEqual([]);
    expect(some.byType.find((b) => b.bucket === 'Instant')).toEqual({ bucket: 'Instant', cards: 2, playable: 1, percent: 50 });
    expect(some.byManaValue.map((b) => b.bucket)).toEqual(['0', '2', '3', '4']);
  });

  it('counts a playable card faithful only when some code reads every parameter it writes, descriptions aside', () => {
    const corpus = compileDir(MINI);
    const volley = corpus.cards.find((c) => c.name === 'Spark Volley')!;
    const unread = unreadParams(volley, paramReaders());
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.some((k) => k.endsWith(':spelldescription'))).toBe(false);
    // Spark Volley is playable with its own primitives, but not faithful while its parameters are unread.
    const report = computeCoverage(corpus.cards, corpus.tokens, volley.primitives);
    expect(report.playable).toBe(2);
    expect(report.faithful).toBeLessThan(2);
    // With a reader for each of them, nothing is left unread.
    const readers = new Map(paramReaders());
    for (const k of unread) readers.set(k, ['test']);
    expect(unreadParams(volley, readers)).toEqual([]);
    expect(isDescriptiveKey('AILogic')).toBe(true);
    expect(isDescriptiveKey('UnlessCost')).toBe(false);
    // AI hints named otherwise (Forge reads them only in its AI and achievements).
    expect(isDescriptiveKey('UnlessAI')).toBe(true);
    expect(isDescriptiveKey('Ultimate')).toBe(true);
    expect(isDescriptiveKey('IsCloudshift')).toBe(true);
    expect(isDescriptiveKey('UnlessPayer')).toBe(false);
  });

  it("counts the casual variants' cards (Vanguard, Plane, Scheme, ...) apart, out of the percentages, with the reason", () => {
    const corpus = compileDir(MINI);
    // Two copies of a MINI card retyped as a Vanguard (CR 313) and a Plane (CR 311).
    const retyped = (type: string, name: string): Card => {
      const c = structuredClone(corpus.cards[0]!);
      c.name = name;
      c.faces[0]!.types.cardTypes = [type];
      return c;
    };
    const cards = [...corpus.cards, retyped('Vanguard', 'Some Avatar'), retyped('Plane', 'Some Plane')];
    const report = computeCoverage(
      cards,
      corpus.tokens,
      corpus.cards.flatMap((c) => c.primitives),
    );
    // Every ordinary card is playable with every primitive supported; the variants are counted apart.
    expect([report.cards, report.playable, report.percent]).toEqual([8, 8, 100]);
    expect(report.variants).toMatchObject({ cards: 2, playable: 2, byType: { Plane: 1, Vanguard: 1 } });
    expect(report.byType.some((b) => b.bucket === 'Other')).toBe(false);
    const md = formatCoverage(report, { format: 'md', top: 3 }).split('\n');
    expect(md[0]).toBe('cards: 8  playable: 8 (100.0%)');
    expect(md.find((l) => l.startsWith('variants: '))).toMatch(
      /^variants: 2 \(Plane 1, Vanguard 1\) {2}playable: 2: cards of casual variants .*left out of the percentages$/,
    );
  });

  it('renders markdown starting with the summary line, and JSON', () => {
    const corpus = compileDir(MINI);
    const report = computeCoverage(corpus.cards, corpus.tokens, []);
    const md = formatCoverage(report, { format: 'md', top: 3 });
    expect(md.split('\n')[0]).toBe('cards: 8  playable: 0 (0.0%)');
    expect(md).toContain('## By colour');
    expect(md).toContain('## Parameter census');
    const json = JSON.parse(formatCoverage(report, { format: 'json', top: 3 }));
    expect(json.missing).toHaveLength(3);
    expect(json.cards).toBe(8);
  });
});

describe('the parameter census', () => {
  it('lists parameter keys no code reads, per kind of node, and stops listing them once declared', () => {
    const corpus = compileDir(MINI);
    const before = takeCensus(corpus.cards);
    const numDmg = before.unread.find((e) => e.key === 'NumDmg');
    expect(numDmg).toMatchObject({ kind: 'ability', occurrences: 2, cards: 2, example: 'Brine // Cinder' });
    // The compiler reads heads and references itself.
    expect(before.all.find((e) => e.key === 'SubAbility')?.readBy).toEqual(['compiler:link']);
    expect(before.all.find((e) => e.key === 'Mode' && e.kind === 'trigger')?.readBy).toEqual(['compiler:parse']);
    // ...but Mode$ on an ability (SetState's) is the effect's own parameter, unread until an engine reads it.
    expect(before.unread.find((e) => e.key === 'Mode' && e.kind === 'ability')).toBeDefined();
    // Lines the compiler synthesised (keyword expansions) are not counted.
    expect(before.all.find((e) => e.key === 'Equip')).toBeUndefined();
    registerPrimitive('api:DealDamage', { reads: ['NumDmg', 'ValidTgts'] });
    declareParamReads('test', ['TokenScript'], ['ability']);
    const after = takeCensus(corpus.cards);
    expect(after.unread.find((e) => e.key === 'NumDmg')).toBeUndefined();
    expect(after.all.find((e) => e.key === 'NumDmg')?.readBy).toEqual(['api:DealDamage']);
    expect(after.read).toBe(before.read + 3);
  });
});
