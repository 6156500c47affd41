// `ImmediateTrigger`: a reflexive triggered ability (CR 603.12, "when you do, ..."), created as an
// ability resolves and put on the stack the next time a player would receive priority, its targets
// chosen then. Real cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { board, pick } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Forest', 'Forest', 'Forest', 'Forest', 'Forest'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

/** Passes priority until the beginning-of-combat trigger asks whether to use it. */
function toTrigger(g: Game): void {
  for (let i = 0; i < 20 && g.pending() && g.pending()!.kind !== 'yes-no'; i++) g.choose(0);
  expect(g.pending()?.prompt).toBe('Skyrider Patrol trigger: use this ability?');
}

const card = (g: Game, name: string) => g.view(0).battlefield.find((c) => c.name === name)!;
/** The triggered abilities put on the stack, in order, by their mode. */
const stacked = (g: Game) => g.events.flatMap((e) => (e.type === 'TriggerFired' ? [e.mode] : []));

describe('ImmediateTrigger: Skyrider Patrol', needsCorpus('forge-cards'), () => {
  it('paying {G}{U} makes "when you do" trigger: a +1/+1 counter and flying on the other creature', () => {
    const g = game({ battlefield: ['Skyrider Patrol', 'Grizzly Bears', 'Forest', 'Island'] });
    toTrigger(g);
    pick(g, 'yes');
    expect(g.pending()?.prompt).toBe('Pay G U?');
    pick(g, 'yes');
    for (let i = 0; i < 10 && g.pending()?.kind === 'priority' && g.state.stack.length > 0; i++) g.choose(0);
    // Two triggered abilities went on the stack: the beginning-of-combat one, then the reflexive one.
    expect(stacked(g)).toEqual(['Phase', 'ImmediateTrigger']);
    expect([card(g, 'Grizzly Bears').counters, card(g, 'Grizzly Bears').keywords]).toEqual([{ P1P1: 1 }, ['Flying']]);
    expect(card(g, 'Skyrider Patrol').counters).toEqual({});
  });

  it('not paying: nothing triggers', () => {
    const g = game({ battlefield: ['Skyrider Patrol', 'Grizzly Bears', 'Forest', 'Island'] });
    toTrigger(g);
    pick(g, 'yes');
    pick(g, 'no');
    for (let i = 0; i < 10 && g.pending()?.kind === 'priority' && g.state.stack.length > 0; i++) g.choose(0);
    expect(stacked(g)).toEqual(['Phase']);
    expect([card(g, 'Grizzly Bears').counters, card(g, 'Grizzly Bears').keywords]).toEqual([{}, []]);
    expect(card(g, 'Forest').tapped).toBe(false);
  });

  it('with no other creature the reflexive trigger has no target and is removed (CR 603.3d)', () => {
    const g = game({ battlefield: ['Skyrider Patrol', 'Forest', 'Island'] });
    toTrigger(g);
    pick(g, 'yes');
    pick(g, 'yes');
    for (let i = 0; i < 10 && g.pending()?.kind === 'priority' && g.state.stack.length > 0; i++) g.choose(0);
    expect(stacked(g)).toEqual(['Phase']);
    expect(card(g, 'Skyrider Patrol').counters).toEqual({});
    expect(card(g, 'Forest').tapped).toBe(true);
  });
});
