// Counters on cards in exile (CR 122.1a): Karn, Scion of Urza's +1 (`Dig` with
// `ExileWithCounter$ SILVER`) exiles a card with a silver counter, its −1 (`ChangeZone` from exile,
// `Hidden$`, `ChangeType$ Card.YouOwn+counters_GE1_SILVER`) returns one; and a board set-up or a
// puzzle puts counters on cards off the battlefield (`BoardSetup.cardCounters`, `Counters:` in
// `humanexile=`). Played with the real cards: needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { puzzleBoard, readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';
import { passes, playScenario } from './scenario.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;
const PLUS = 'activate Karn, Scion of Urza: AddCounter<1/LOYALTY>';
const MINUS = 'activate Karn, Scion of Urza: SubCounter<1/LOYALTY>';

function counters(g: Game, name: string): Record<string, number> | undefined {
  const id = g.state.zones['exile']!.find((i) => g.state.objects[i]!.card === name);
  return id === undefined ? undefined : g.state.objects[id]!.counters;
}

describe('Karn, Scion of Urza: silver counters in exile', needsCorpus('cards'), () => {
  it('+1: the opponent chooses the card for the hand; the other is exiled with a silver counter', () => {
    const g = board(
      { battlefield: [{ name: 'Karn, Scion of Urza', counters: { LOYALTY: 5 } }], library: ['Lightning Bolt', 'Grizzly Bears', 'Island'] },
      { library: ['Island', 'Island'] },
      { registry: registry! },
    );
    act(g, PLUS);
    resolveStack(g);
    expect(g.pending()?.seat).toBe(1);
    pick(g, 'Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Grizzly Bears']);
    expect(zone(g, 'exile')).toEqual(['Lightning Bolt']);
    expect(counters(g, 'Lightning Bolt')).toEqual({ SILVER: 1 });
    // Face up: both seats see the exiled card and its counter.
    expect(g.view(1).exile).toEqual([expect.objectContaining({ name: 'Lightning Bolt', counters: { SILVER: 1 } })]);
  });

  it('−1: puts a card you own with a silver counter from exile into your hand, not one without, nor the opponent’s', () => {
    const g = board(
      { battlefield: [{ name: 'Karn, Scion of Urza', counters: { LOYALTY: 5 } }], exile: ['Shock', 'Lightning Bolt'], library: ['Island'] },
      { exile: ['Grizzly Bears'], library: ['Island'] },
      {
        registry: registry!,
        cardCounters: [
          { card: { seat: 0, zone: 'exile', index: 1 }, counters: { SILVER: 1 } },
          { card: { seat: 1, zone: 'exile', index: 0 }, counters: { SILVER: 1 } },
        ],
      },
    );
    expect(counters(g, 'Lightning Bolt')).toEqual({ SILVER: 1 });
    expect(counters(g, 'Shock')).toEqual({});
    act(g, MINUS);
    resolveStack(g);
    if (g.pending()?.kind !== 'priority') expect(labels(g)).not.toContain('Shock');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Lightning Bolt']);
    expect(zone(g, 'exile').sort()).toEqual(['Grizzly Bears', 'Shock']);
    // In the hand it is a new object, without the counter (CR 122.2).
    expect(g.state.objects[g.state.zones['hand-0']![0]!]!.counters).toEqual({});
  });

  it('a set-up puts counters only on cards in a graveyard, exile or the command zone', () => {
    expect(() =>
      board(
        { hand: ['Shock'], library: ['Island'] },
        { library: ['Island'] },
        { registry: registry!, cardCounters: [{ card: { seat: 0, zone: 'hand', index: 0 }, counters: { SILVER: 1 } }] },
      ),
    ).toThrow(/counters on Shock in a hand/);
  });
});

describe('Puzzle set-up: Counters on exiled cards (PS_DOM5)', needsCorpus('cards'), () => {
  const text = (state: string) => `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\n${state}\n`;

  it('a counters modifier in exile or a graveyard is set up; in a hand or a library it is unsupported', () => {
    const { setup, unsupported } = puzzleBoard(
      readPuzzle(text('humanexile=Mutiny|Counters:SILVER=1;Fatal Push\nhumangraveyard=Shock|Counters:P1P1=2'), 'x.pzl', registry!),
    );
    expect(unsupported).toEqual([]);
    expect(setup.cardCounters).toEqual([
      { card: { seat: 0, zone: 'graveyard', index: 0 }, counters: { P1P1: 2 } },
      { card: { seat: 0, zone: 'exile', index: 0 }, counters: { SILVER: 1 } },
    ]);
    const inHand = puzzleBoard(readPuzzle(text('humanhand=Mutiny|Counters:SILVER=1\nhumanlibrary=Shock|Counters:SILVER=1'), 'y.pzl', registry!));
    expect(inHand.unsupported.map((u) => u.reason)).toEqual(['a counters modifier in a hand or a library', 'a counters modifier in a hand or a library']);
  });

  it("Karn's −1 returns the exiled card the set-up gave a silver counter", () => {
    passes(
      playScenario(
        'p0battlefield=Karn, Scion of Urza|Counters:LOYALTY=2\np0exile=Mutiny|Counters:SILVER=1;Fatal Push',
        'activate "Karn, Scion of Urza"[2]',
        'me hand contains Mutiny\nme hand count eq 1\nme exile contains Fatal Push',
      ),
    );
  });
});
