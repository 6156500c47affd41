// Our own puzzles (test/puzzles/starter: starter cards only; test/puzzles/corpus: cards from the
// fetched Forge corpus, skipped visibly when .cards/ is absent) all pass, and each game's log
// matches its golden (test/puzzles/goldens/<name>.golden.log). Re-record the goldens after a
// deliberate change, then review the diff:
//   npm run puzzles:bless        (node test/puzzles/bless.mjs)
// Also: every registered effect API and keyword is used by a passing puzzle (or is on the
// allow-list below, with why), and the runner's own rules (goals, unsupported set-up features,
// load errors, determinism).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { facePrimitives, supportedPrimitives, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { createGame, registeredEffects } from '../../../src/mtg/engine/index.js';
import { puzzleBoard, readPuzzle, readPuzzleFile, type Puzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { REPO } from './support.js';
import { CARDS_DIR as CARDS, haveCorpus, needsCorpus } from '../../support/corpora.js';

const PUZZLES = join(REPO, 'test', 'puzzles');
const GOLDENS = join(PUZZLES, 'goldens');
const BLESS = process.env.BLESS_PUZZLES === '1';

const starter = puzzleRegistry();
const full: CardRegistry | null = haveCorpus('cards') ? puzzleRegistry(CARDS) : null;

function files(folder: string): string[] {
  const dir = join(PUZZLES, folder);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.pzl'))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

const results = new Map<string, { puzzle: Puzzle; result: PuzzleRunResult }>();
function run(file: string, registry: CardRegistry): PuzzleRunResult {
  const puzzle = readPuzzleFile(file, registry);
  const result = runPuzzle(puzzle, { registry, seed: 1 });
  results.set(file, { puzzle, result });
  return result;
}

function checkGolden(file: string, result: PuzzleRunResult): void {
  const golden = join(GOLDENS, `${basename(file, '.pzl')}.golden.log`);
  const text = `${(result.log ?? []).join('\n')}\n`;
  if (BLESS || !existsSync(golden)) {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(golden, text);
    if (!BLESS) throw new Error(`no golden for ${basename(file)}: written to ${golden}; review it and commit`);
    return;
  }
  expect(text, `${basename(file)} played differently from its golden log (npm run puzzles:bless re-records)`).toBe(readFileSync(golden, 'utf8'));
}

describe('our puzzles', () => {
  const starterFiles = files('starter');
  it('there are at least 60, each with assertions', () => {
    const all = [...starterFiles, ...files('corpus')];
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const f of starterFiles) expect(readPuzzleFile(f, starter).assertions.length, f).toBeGreaterThan(0);
  });
  it.each(starterFiles.map((f) => [basename(f), f]))('%s passes and matches its golden log', (_, file) => {
    const result = run(file, starter);
    expect({ status: result.status, reasons: result.reasons }).toEqual({ status: 'pass', reasons: [] });
    checkGolden(file, result);
  });
  const corpusFiles = files('corpus');
  it.each(corpusFiles.map((f) => [basename(f), f]))('%s passes and matches its golden log', needsCorpus('cards'), (_, file) => {
    const result = run(file, full!);
    expect({ status: result.status, reasons: result.reasons }).toEqual({ status: 'pass', reasons: [] });
    checkGolden(file, result);
  });
});

/**
 * Registered effect APIs and keywords no puzzle of ours uses yet, with why (empty now: every one
 * is covered). A symbol leaves this list as soon as a puzzle covers it or it is no longer
 * registered (the test fails while it is listed and covered, or listed and unknown).
 */
const NOT_COVERED: Record<string, string> = JSON.parse(readFileSync(new URL('./run-not-covered.json', import.meta.url), 'utf8')) as Record<string, string>;

/**
 * Forge writes some keywords with their restriction in the name ("CantBeBlockedBy
 * Creature.Black"); the engine registers each written form its selector reader understands, but
 * it is one keyword with one implementation, so a puzzle with any form covers the family. The
 * selector reader itself is tested on its own.
 */
const FAMILIES = ['kw:CantBeBlockedBy ', 'kw:CantBlock '];
function family(symbol: string): string {
  const f = FAMILIES.find((p) => symbol.startsWith(p));
  return f ? `${f}…` : symbol;
}

describe('coverage of the engine by our puzzles', () => {
  it('every registered effect API and keyword is used by a passing puzzle, or allow-listed with a reason', needsCorpus('cards'), () => {
    const used = new Set<string>();
    const registry = full!;
    for (const f of [...files('starter'), ...files('corpus')]) {
      const r = results.get(f) ?? { puzzle: readPuzzleFile(f, registry), result: runPuzzle(readPuzzleFile(f, registry), { registry, seed: 1 }) };
      if (r.result.status !== 'pass') continue;
      for (const player of r.puzzle.state.players) {
        for (const zone of Object.values(player.zones)) {
          for (const c of zone) if (c.card) for (const face of registry.get(c.card).faces) for (const p of facePrimitives(face)) used.add(family(p));
        }
      }
    }
    const wanted = [
      ...new Set([
        ...registeredEffects().map((e) => `api:${e}`),
        ...supportedPrimitives()
          .filter((s) => s.startsWith('kw:'))
          .map(family),
      ]),
    ].sort();
    const uncovered = wanted.filter((w) => !used.has(w) && !(w in NOT_COVERED));
    const stale = Object.keys(NOT_COVERED).filter((w) => used.has(w) || !wanted.includes(w));
    expect({ uncovered, stale }).toEqual({ uncovered: [], stale: [] });
  });
});

const BASE = `[state]
turn=1
activeplayer=p0
activephase=MAIN1
p0library=Island;Island
p1library=Island;Island
`;

describe('the runner', () => {
  it('a missed Win goal: seat 0 loses at the cleanup of the last turn', () => {
    const p = readPuzzle(
      `[metadata]\nGoal:Win\nTurns:1\n${BASE}p0battlefield=Grizzly Bears\n[p0_script]\nattack Grizzly Bears\n[assertions]\nopponent life eq 18\n`,
      'missed.pzl',
      starter,
    );
    const r = runPuzzle(p, { registry: starter });
    expect(r.status).toBe('fail');
    expect(r.goalMet).toBe(false);
    expect(r.stop).toBe('goal');
    expect(r.outcome?.result).toEqual({ kind: 'won', winner: 1 });
    expect(r.reasons.map((x) => x.split(':')[0])).toEqual(['line 2', 'line 2']);
  });
  it('a Destroy goal is met when no target is left', () => {
    const p = readPuzzle(
      `[metadata]\nGoal:Destroy Specified Creatures\nTargets:Creature.OppCtrl\nTurns:1\n${BASE}p0hand=Shock\np0battlefield=Mountain\np1battlefield=Grizzly Bears\n[p0_script]\ncast Shock targeting Grizzly Bears\n`,
      'destroy.pzl',
      starter,
    );
    const r = runPuzzle(p, { registry: starter });
    expect([r.status, r.goalMet, r.stop]).toEqual(['pass', true, 'goal']);
  });
  it('names each set-up feature the engine cannot express, and does not run the puzzle', () => {
    // Mana in the pool is set up since issue 20 (test/puzzles/starter/manapool.pzl), persistent mana since 2026-12-06.
    const p = readPuzzle(
      `${BASE}p0battlefield=Grizzly Bears|PhasedOut\np0hand=Grizzly Bears|Flipped\np1battlefield=Grizzly Bears|Meld\n`,
      'unsupported.pzl',
      starter,
    );
    const r = runPuzzle(p, { registry: starter });
    expect(r.status).toBe('run-error');
    expect(r.ran).toBe(false);
    expect(r.reasons.map((x) => x.replace(/ \(line \d+\)$/, '')).sort()).toEqual(
      ['puzzle/unsupported: phased-out permanents', 'puzzle/unsupported: flipped cards', 'puzzle/unsupported: melded cards'].sort(),
    );
  });
  it('starts in any step: in cleanup it runs cleanup (CR 514), in untap it untaps without a new turn (CR 502)', () => {
    const cleanup = `[state]\nturn=1\nactiveplayer=p0\nactivephase=CLEANUP\np0life=20\np1life=20\np0battlefield=Hill Giant|Damage:2\n[assertions]\nme battlefield contains Hill Giant\n`;
    const r = runPuzzle(readPuzzle(cleanup, 'cleanup.pzl', starter), { registry: starter, lastTurn: 2 });
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
    const untap = `[state]\nturn=2\nactiveplayer=p0\nactivephase=UNTAP\np0life=20\np1life=20\np0battlefield=Mountain|Tapped\np0hand=Shock\n[p0_script]\ncast Shock targeting opponent\n[assertions]\nopponent life eq 18\n`;
    const u = runPuzzle(readPuzzle(untap, 'untap.pzl', starter), { registry: starter, lastTurn: 2 });
    expect({ status: u.status, reasons: u.reasons }).toEqual({ status: 'pass', reasons: [] });
  });
  it('lays out a combat in progress (Attacking, Blocking:Id or name) and goes on from declare blockers or damage; outside combat it is unsupported', () => {
    const combat = (phase: string, more = '') =>
      `[state]\nturn=1\nactiveplayer=p0\nactivephase=${phase}\np0life=20\np1life=20\np0battlefield=Hill Giant|Id:1|Attacking;Grizzly Bears|Attacking\np1battlefield=Wall of Stone|Blocking:1${more}\n[assertions]\nopponent life eq 18\nme battlefield contains Hill Giant\n`;
    for (const phase of ['COMBAT_DECLARE_BLOCKERS', 'COMBAT_DAMAGE']) {
      const r = runPuzzle(readPuzzle(combat(phase), 'combat.pzl', starter), { registry: starter, lastTurn: 1 });
      expect({ phase, status: r.status, reasons: r.reasons }).toEqual({ phase, status: 'pass', reasons: [] });
    }
    const byName = runPuzzle(readPuzzle(combat('COMBAT_DAMAGE').replace('Blocking:1', 'Blocking:Hill Giant'), 'byname.pzl', starter), {
      registry: starter,
      lastTurn: 1,
    });
    expect({ status: byName.status, reasons: byName.reasons }).toEqual({ status: 'pass', reasons: [] });
    const early = runPuzzle(readPuzzle(combat('MAIN1'), 'early.pzl', starter), { registry: starter });
    expect(early.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual([
      'puzzle/unsupported: attacking at set-up in the main1 step',
      'puzzle/unsupported: blocking at set-up in the main1 step',
    ]);
  });
  it('gives a permanent its chosen colour, type or name (ChosenColor, ChosenType, NamedCard)', () => {
    const text = `${BASE}p0battlefield=Grizzly Bears|ChosenColor:green|ChosenType:Bear|NamedCard:Shock\n`;
    const p = readPuzzle(text, 'chosen.pzl', starter);
    const r = runPuzzle(p, { registry: starter, lastTurn: 1 });
    expect(r.reasons).toEqual([]);
    const two = runPuzzle(readPuzzle(`${BASE}p0battlefield=Grizzly Bears|ChosenColor:red,green\n`, 'two.pzl', starter), { registry: starter });
    expect(two.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: chosen colours other than one colour at set-up']);
  });
  it('sets up a transformed double-faced card back face up (CR 712.8), named by either face; elsewhere it is unsupported', needsCorpus('cards'), () => {
    const attack = (card: string) =>
      `${BASE}p0battlefield=${card}|Transformed\np1battlefield=Grizzly Bears\n[p0_script]\nattack Insectile Aberration\n[assertions]\nopponent life eq 17\nme battlefield contains Insectile Aberration\n`;
    for (const card of ['Insectile Aberration', 'Delver of Secrets']) {
      const r = runPuzzle(readPuzzle(attack(card), 'transformed.pzl', full!), { registry: full!, lastTurn: 1 });
      expect({ card, status: r.status, reasons: r.reasons }).toEqual({ card, status: 'pass', reasons: [] });
    }
    const inHand = runPuzzle(readPuzzle(`${BASE}p0hand=Delver of Secrets|Transformed\n`, 'hand.pzl', full!), { registry: full! });
    expect(inHand.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: a transformed modifier outside the battlefield']);
    const single = runPuzzle(readPuzzle(`${BASE}p0battlefield=Grizzly Bears|Transformed\n`, 'single.pzl', full!), { registry: full! });
    expect(single.status).toBe('run-error');
    expect(single.reasons.join('\n')).toMatch(/Grizzly Bears is transformed, but it is not a transforming double-faced card/);
  });
  it('sets up renowned and monstrous permanents (CR 702.112b, 701.37b): renown does not trigger again', needsCorpus('cards'), () => {
    const text = (mod: string) =>
      `${BASE}p0battlefield=Topan Freeblade${mod}\n[p0_script]\nattack Topan Freeblade\n[assertions]\nopponent life eq 18\nme counters +1/+1 eq ${mod ? 0 : 1} Topan Freeblade\n`;
    for (const mod of ['', '|Renowned']) {
      const r = runPuzzle(readPuzzle(text(mod), 'renowned.pzl', full!), { registry: full!, lastTurn: 1 });
      expect({ mod, status: r.status, reasons: r.reasons }).toEqual({ mod, status: 'pass', reasons: [] });
    }
    // Monstrosity's "if it isn't monstrous" (CR 701.37a): a monstrous Stormbreath Dragon gets no more counters.
    const dragon = `${BASE}p0battlefield=Stormbreath Dragon|Monstrous;Mountain;Mountain;Mountain;Mountain;Mountain;Mountain;Mountain\n[p0_script]\nactivate Stormbreath Dragon\n[assertions]\nme counters +1/+1 eq 0 Stormbreath Dragon\nopponent life eq 20\n`;
    const m = runPuzzle(readPuzzle(dragon, 'monstrous.pzl', full!), { registry: full!, lastTurn: 1 });
    expect({ status: m.status, reasons: m.reasons }).toEqual({ status: 'pass', reasons: [] });
  });
  it('sets up a Curse enchanting a player (EnchantingPlayer, or precast with no target: its caster’s opponent), CR 303.4', needsCorpus('cards'), () => {
    // Trespasser's Curse on p0: each creature entering under p0's control drains 1 for p1.
    const curse = (how: string) =>
      `${BASE}p0hand=Grizzly Bears\np0battlefield=Forest;Forest\n${how}\n[p0_script]\ncast Grizzly Bears\n[assertions]\nme life eq 19\nopponent life eq 21\n`;
    for (const how of ["p1battlefield=Trespasser's Curse|EnchantingPlayer:p0", "p1precast=Trespasser's Curse"]) {
      const r = runPuzzle(readPuzzle(curse(how), 'curse.pzl', full!), { registry: full!, lastTurn: 1 });
      expect({ how, status: r.status, reasons: r.reasons }).toEqual({ how, status: 'pass', reasons: [] });
    }
    const inHand = runPuzzle(readPuzzle(`${BASE}p1hand=Trespasser's Curse|EnchantingPlayer:p0\n`, 'hand.pzl', full!), { registry: full! });
    expect(inHand.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: a enchantingPlayer modifier outside the battlefield']);
  });
  it('activephaseadvance to the next step begins it: a Saga gets its lore counter as main 1 begins (CR 714.3b)', needsCorpus('cards'), () => {
    const saga = (phase: string, lore: number) =>
      `[state]\nturn=1\nactiveplayer=p0\n${phase}\np0life=20\np1life=20\np0battlefield=History of Benalia|Counters:LORE=1\np0library=Plains;Plains\np1library=Plains;Plains\n[assertions]\nme counters LORE eq ${lore} History of Benalia\n`;
    const cases: Array<[string, number]> = [
      ['activephase=DRAW\nactivephaseadvance=MAIN1', 2],
      ['activephase=MAIN1', 1],
    ];
    for (const [phase, lore] of cases) {
      const r = runPuzzle(readPuzzle(saga(phase, lore), 'saga.pzl', full!), { registry: full!, lastTurn: 1 });
      expect({ phase, status: r.status, reasons: r.reasons }).toEqual({ phase, status: 'pass', reasons: [] });
    }
    const far = runPuzzle(readPuzzle(saga('activephase=UPKEEP\nactivephaseadvance=MAIN1', 2), 'far.pzl', full!), { registry: full! });
    expect(far.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: activephaseadvance past more than the next step']);
  });
  it(
    'links set-up cards: what a permanent remembers and the card it exiled (RememberedCards, ExiledWith) come back as it leaves (CR 610.3)',
    needsCorpus('cards'),
    () => {
      const butcher = (links: boolean) =>
        `${BASE}p0battlefield=Faceless Butcher|Id:5${links ? '|RememberedCards:1' : ''};Mountain\np0hand=Lightning Bolt\np1exile=Grizzly Bears|Id:1${links ? '|ExiledWith:5' : ''}\n[p0_script]\ncast Lightning Bolt targeting Faceless Butcher\n[assertions]\nopponent battlefield ${links ? 'contains' : 'count eq 0'}${links ? ' Grizzly Bears' : ''}\n`;
      for (const links of [true, false]) {
        const r = runPuzzle(readPuzzle(butcher(links), 'butcher.pzl', full!), { registry: full!, lastTurn: 1 });
        expect({ links, status: r.status, reasons: r.reasons }).toEqual({ links, status: 'pass', reasons: [] });
      }
      const outside = runPuzzle(readPuzzle(`${BASE}p0battlefield=Faceless Butcher|Id:5\np1graveyard=Grizzly Bears|ExiledWith:5\n`, 'outside.pzl', full!), {
        registry: full!,
      });
      expect(outside.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: ExiledWith on a card outside exile']);
    },
  );
  it('sets up face-down permanents (CR 708): a nameless 2/2 whose face only its controller sees; morph turns it up', needsCorpus('cards'), () => {
    const text = `${BASE}p0battlefield=Den Protector|FaceDown;Forest;Forest;Forest\n`;
    const { setup, unsupported } = puzzleBoard(readPuzzle(text, 'facedown.pzl', full!));
    expect(unsupported).toEqual([]);
    const game = createGame({ registry: full!, seed: 1, setup });
    const mine = game.view(0).battlefield.find((c) => c.faceDown)!;
    const theirs = game.view(1).battlefield.find((c) => c.faceDown)!;
    expect([mine.faceName, mine.power, mine.toughness]).toEqual(['Den Protector', 2, 2]);
    expect(theirs.faceName).toBeUndefined();
    expect(JSON.stringify(game.view(1))).not.toContain('Den Protector');
    // Megamorph {1}{G}, paid with the Forests (CR 702.37e, 702.37b).
    expect(game.pending()!.options.some((o) => /Den Protector/.test(o.label) && o.action.verb !== 'pass')).toBe(true);
    const inHand = runPuzzle(readPuzzle(`${BASE}p0hand=Den Protector|FaceDown\n`, 'hand.pzl', full!), { registry: full! });
    expect(inHand.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: a faceDown modifier outside the battlefield']);
  });
  it('puts tokens on the battlefield at set-up, with their modifiers (CR 111); a token elsewhere is unsupported', () => {
    const servo = 't:Servo,P:1,T:1,Cost:no cost,Color:C,Types:Artifact-Creature-Servo,Keywords:,Image:c_1_1_a_servo';
    const text = `${BASE}p0battlefield=${servo}|Tapped|Counters:P1P1=1;Grizzly Bears\np1battlefield=t:Bird,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Bird,Keywords:Flying\n[assertions]\nme battlefield contains Servo\nopponent battlefield contains Bird\n`;
    const r = runPuzzle(readPuzzle(text, 'tokens.pzl', starter), { registry: starter, lastTurn: 1 });
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
    const elsewhere = runPuzzle(readPuzzle(`${BASE}p0graveyard=${servo}\n`, 'token-graveyard.pzl', starter), { registry: starter });
    expect(elsewhere.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual(['puzzle/unsupported: tokens outside the battlefield']);
  });
  it('resolves precast spells and ExecuteScript abilities at set-up, targets by Id; CustomScript and KW# other than Awaken are unsupported', () => {
    const text = `${BASE}p0precast=Shock->1\np0battlefield=Grizzly Bears\np1battlefield=Hill Giant|Id:1|Damage:1\n[assertions]\nopponent graveyard contains Hill Giant\nme graveyard count eq 0\n`;
    const r = runPuzzle(readPuzzle(text, 'precast.pzl', starter), { registry: starter, lastTurn: 1 });
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
    const custom = runPuzzle(readPuzzle(`${BASE}p0precast=Shock:CustomScript:DB$ Draw | NumCards$ 1;Shock:KW#Kicker\n`, 'custom.pzl', starter), {
      registry: starter,
    });
    expect(custom.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''))).toEqual([
      'puzzle/unsupported: CustomScript at set-up',
      'puzzle/unsupported: keyword abilities other than Awaken at set-up (KW#)',
    ]);
  });
  it('loads the command zone (CR 408): its cards are there, owned by their seat', () => {
    const r = runPuzzle(
      readPuzzle(`${BASE}p0command=Serra Angel\n[assertions]\nme command contains Serra Angel\nopponent command count eq 0\n`, 'command.pzl', starter),
      { registry: starter },
    );
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
  });
  it('a puzzle with load errors is a load-error with the diagnostics as reasons', () => {
    const r = runPuzzle(readPuzzle(`${BASE}p0hand=Lightnin Bolt\n`, 'bad.pzl', starter), { registry: starter });
    expect(r.status).toBe('load-error');
    expect(r.reasons[0]).toMatch(/^bad\.pzl:\d+:\d+ {2}error puzzle\/unknown-card /);
  });
  it('a script that matches nothing is a run-error naming the input code', () => {
    const r = runPuzzle(
      readPuzzle(`${BASE}p0hand=Shock\np0battlefield=Mountain\n[p0_script]\ncast Lightning Bolt targeting opponent\n`, 'nomatch.pzl', starter),
      { registry: starter },
    );
    expect(r.status).toBe('run-error');
    expect(r.reasons[0]).toMatch(/^input\/no-match: /);
  });
  it('a script left with commands fails: its seat was never asked (no mana, no decision)', () => {
    const r = runPuzzle(readPuzzle(`${BASE}p0hand=Shock\n[p0_script]\ncast Shock targeting opponent\n`, 'unused.pzl', starter), { registry: starter });
    expect(r.status).toBe('fail');
    expect(r.reasons.map((x) => x.split(':')[0])).toEqual(['puzzle/script-unused']);
  });
  it('is deterministic: the same puzzle and seed give the same log and outcome', () => {
    const text = `${BASE}p0battlefield=Serra Angel;Hill Giant\np1battlefield=Grizzly Bears;Wall of Stone\n`;
    const a = runPuzzle(readPuzzle(text, 'a.pzl', starter), { registry: starter, seed: 7, lastTurn: 3 });
    const b = runPuzzle(readPuzzle(text, 'a.pzl', starter), { registry: starter, seed: 7, lastTurn: 3 });
    expect(a.log).toEqual(b.log);
    expect(a.outcome).toEqual(b.outcome);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});
