// `AtEOTCondition$` (Tilonalli's Summoner: "At the beginning of the next end step, exile those
// tokens unless you have the city's blessing"): the delayed trigger's `CheckSVar$`, and the X of a
// triggered ability's own cost ("you may pay {X}{R}"), chosen as it is paid. Played with the real
// card against its Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, PermanentSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, passUntil, pick } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Island');

function attackWithSummoner(battlefield: PermanentSetup[], options?: string[]): Game {
  const g = board({ battlefield: ["Tilonalli's Summoner", ...battlefield], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry() });
  act(g, "attack with Tilonalli's Summoner");
  act(g, 'pass');
  pick(g, 'yes');
  // X is chosen after saying yes, the largest payable offered first.
  if (options) expect(g.pending()!.options.map((o) => o.label)).toEqual(options);
  pick(g, 'X = 2');
  // Nothing more to decide: the game runs on to the opponent's turn.
  return g;
}

/** The step in which each event happened, with the event. */
function eventsBySteps(g: Game): Array<[string, (typeof g.events)[number]]> {
  let step = '';
  const out: Array<[string, (typeof g.events)[number]]> = [];
  for (const e of g.events) {
    if (e.type === 'StepBegan') step = `${e.turn}:${e.step}`;
    out.push([step, e]);
  }
  return out;
}

describe("AtEOTCondition$: Tilonalli's Summoner", needsCorpus('forge-cards'), () => {
  it('X = 2: two Elementals tapped and attacking, exiled at the next end step without the blessing', () => {
    const g = attackWithSummoner(['Mountain', 'Mountain', 'Mountain'], ['X = 2', 'X = 1', 'X = 0']);
    const steps = eventsBySteps(g);
    expect(steps.filter(([, e]) => e.type === 'TokenCreated').map(([s]) => s)).toEqual(['1:declareAttackers', '1:declareAttackers']);
    // Summoner and the two Elementals unblocked.
    expect(g.state.players[1].life).toBe(17);
    expect(steps.filter(([, e]) => e.type === 'ZoneChanged' && e.name === 'Elemental' && e.to === 'exile').map(([s]) => s)).toEqual(['1:end', '1:end']);
    expect(field(g, 0)).not.toContain('Elemental');
  });

  it('with the city’s blessing (ten permanents) the tokens stay', () => {
    const g = attackWithSummoner(['Mountain', 'Mountain', 'Mountain', ...Array.from({ length: 6 }, () => 'Forest')]);
    expect(g.state.players[0].blessing).toBe(true);
    passUntil(g, 'main1', 2);
    expect(g.state.players[1].life).toBe(17);
    expect(field(g, 0).filter((n) => n === 'Elemental')).toHaveLength(2);
  });
});
