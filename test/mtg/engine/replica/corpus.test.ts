// Replicated games on the championship decks (issue 15): a golden and two shadows, zero desyncs,
// the golden's `--tag-gamelogs` lines equal to the golden-alone run's, each shadow writing the
// log the golden writes for its seat's eyes, and no sync entry naming a face its seat may not see.
// The in-suite slice is small: every deck in each seat once per controller kind; the full sweep
// (every ordered pair, every kind, whole games) is `npm run fuzz -- --replicated`.
import { describe, expect, it } from 'vitest';
import { createController, type ControllerSpec } from '../../../../src/mtg/controllers/index.js';
import {
  createGame,
  runGame,
  runReplicated,
  type Controller,
  type Game,
  type ReplicatedOptions,
  type Seat,
  type SyncEntry,
} from '../../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../../support/corpora.js';
import { hiddenFaces, scanForLeaks, type Leak } from '../../../../src/mtg/engine/replica/leak-scan.js';
import { realRegistry, targetDecks } from '../corpus.js';
import { gameLogLines } from './helpers.js';

const KINDS = ['random', 'zero', 'heuristic', 'fixed'] as const;
/** A small fixed script: keep, then pass on everything (`*` passes until a command matches; none does). */
const FIXED = 'keep; *; pass';
const spec = (kind: (typeof KINDS)[number], seed: string): ControllerSpec => (kind === 'fixed' ? { kind, script: FIXED } : { kind, seed });

/**
 * A game of the replicated fuzz sweep (`node test/bench/fuzz-mtg.mjs --replicated [--mixed]`):
 * championship decks `i` against `j`, seeded and controlled as the sweep does.
 */
function sweepGame(a: 'random' | 'heuristic', b: 'random' | 'heuristic', i: number, j: number, options: ReplicatedOptions) {
  const registry = realRegistry();
  const decks = targetDecks().filter((d) => d.file.includes('championship'));
  const seed = `fuzz-${a === b ? a : `${a}-${b}`}-${i}-${j}`;
  const config = { registry, decks: [decks[i]!.main, decks[j]!.main] as [string[], string[]], seed, strict: true };
  const controllers = [
    createController({ kind: a, seed: `${seed}/p1` }, { registry }),
    createController({ kind: b, seed: `${seed}/p2` }, { registry }),
  ] as const;
  return runReplicated(config, controllers, options);
}

describe('replicated championship games', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('every 1994–1995 deck in each seat, for each controller kind: zero desyncs, the same logs, no leaks', () => {
    const registry = realRegistry();
    const decks = targetDecks().filter((d) => d.file.includes('championship'));
    expect(decks.length).toBe(8);
    let games = 0;
    let scanned = 0;
    const leaks: Array<Leak & { seat: Seat; entry: SyncEntry }> = [];
    KINDS.forEach((kind, k) => {
      for (let i = 0; i < decks.length; i++) {
        // Deck i against deck i + k + 1: across the kinds each deck meets four others, in both seats.
        const j = (i + k + 1) % decks.length;
        const seed = `replica-${kind}-${i}-${j}`;
        const config = { registry, decks: [decks[i]!.main, decks[j]!.main] as [string[], string[]], seed };
        const controllers = () => [createController(spec(kind, `${seed}a`), { registry }), createController(spec(kind, `${seed}b`), { registry })] as const;
        const r = runReplicated(config, controllers(), {
          maxTurns: 8,
          onEntry: (seat, entry, golden) => {
            // A reveal names the one face it shows (the golden's, at that id); nothing else names a face.
            if (entry.type === 'reveal') expect(entry.name).toBe(golden.state.objects[entry.card]!.card);
            const value = entry.type === 'reveal' ? { ...entry, name: undefined } : entry;
            for (const leak of scanForLeaks(value, hiddenFaces(golden as Game, seat))) leaks.push({ ...leak, seat, entry });
            scanned++;
          },
        });
        const alone = createGame(config);
        runGame(alone, controllers(), { maxTurns: 8 });
        expect(gameLogLines(r.golden, null)).toEqual(gameLogLines(alone, null));
        for (const seat of [0, 1] as Seat[]) expect(gameLogLines(r.shadows[seat], seat)).toEqual(gameLogLines(r.golden, seat));
        games++;
      }
    });
    expect(leaks).toEqual([]);
    expect(games).toBe(32);
    expect(scanned).toBeGreaterThan(games * 50);
  }, 600_000);

  it('a remembered card keeps last-known information only, not a copy of the live object (Berserk in Stern RG Burn vs de Foucaud Zoo)', () => {
    // The sweep's one desync: Berserk's delayed trigger remembered its target with the live object
    // inside, so the state held a copy of the card, table id and all, which differs between copies.
    // The game is one whose last state still waits on Berserk's delayed trigger. The random game
    // this test first played ends sooner, with none waiting, since the payer sacrifices Black Lotus
    // for mana.
    const r = sweepGame('heuristic', 'heuristic', 7, 3, { maxTurns: 30 });
    expect(r.decisions).toBeGreaterThan(300);
    expect(r.golden.state.delayed.some((d) => d.trigger.startsWith('Berserk|'))).toBe(true);
    expect(JSON.stringify(r.golden.state)).not.toContain('"live"');
  }, 120_000);

  it('two triggers of one source to order cross as different choices (an evoked Mulldrifter: draw two, sacrifice it)', () => {
    // The mixed sweep's one desync: both options of an order-triggers point named one card (Dance
    // of the Dead, whose enters and leaves triggers fired together before Auras with "enchant
    // creature card in a graveyard" stayed on the battlefield), so the other shadow took the first
    // where the golden took the second; the entry now says which. An evoked Mulldrifter's two
    // enters triggers (CR 702.74a) make the same point, and this seat puts the second first.
    const registry = realRegistry();
    const deck = [...Array.from({ length: 20 }, () => 'Island'), ...Array.from({ length: 20 }, () => 'Mulldrifter')];
    const evoker: Controller = {
      name: 'evoker',
      choose: (_view, point) => {
        if (point.kind === 'order-triggers') return point.options.length - 1;
        const evoke = point.options.find((o) => o.label === 'cast Mulldrifter (evoke)');
        const land = point.options.find((o) => o.label.startsWith('play Island'));
        return (land ?? evoke)?.index ?? 0;
      },
    };
    const ranked: SyncEntry[] = [];
    const r = runReplicated(
      { registry, decks: [deck, deck.slice(0, 20)], seed: 'evoke-order' },
      [evoker, createController({ kind: 'random', seed: 'evoke-order/p2' }, { registry })],
      {
        maxTurns: 8,
        onEntry: (_, entry) => void (entry.type === 'decision' && entry.nth !== undefined && ranked.push(entry)),
      },
    );
    expect(r.decisions).toBeGreaterThan(20);
    expect(ranked.some((e) => e.type === 'decision' && e.kind === 'order-triggers')).toBe(true);
  }, 120_000);
});
