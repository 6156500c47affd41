// The reference, "Copies and claims": one copy unless `copies: N`; a dealt card is claimed by the
// hand holding it (at most one hand at a time, at most once per hand); peek respects claims and
// makes none; play releases the claim and the slot stays empty until the next deal. Claims live
// on the flow unless the card is `shared`; `sharedCopies` bounds the world; `claimed-elsewhere`.
import { describe, expect, it } from 'vitest';
import { MemoryClaimStore, createEngine } from '../../src/runtime/index.js';
import type { ClaimStore, SettleRequest } from '../../src/runtime/index.js';
import { bundleOf, engineOf, ids, reasonOf, verdicts } from './support/content.js';

const RUMOUR = `
tagGroups:
  zone: { tags: { tavern: {}, market: {}, docks: {} } }
boxes:
  town:
    decks:
      rumours:
        cards:
          rumour: { title: "The smuggler's rumour" }
    hands:
      tavern: { tags: { zone: tavern } }
      market: { tags: { zone: market } }
      docks: { tags: { zone: docks } }
`;

describe('one rumour, offered wherever the player goes first (reference example)', () => {
  it('whichever hand deals it first has it; the others see it claimed', async () => {
    for (const first of ['market', 'tavern', 'docks']) {
      const { engine } = await engineOf(RUMOUR);
      const flow = engine.flow('a');
      expect(ids(flow.deal(first).dealt)).toEqual(['rumour']);
      for (const other of ['market', 'tavern', 'docks'].filter((h) => h !== first)) {
        const { dealt, trace } = flow.deal(other);
        expect(dealt).toEqual([]);
        expect(verdicts(trace).rumour).toBe('claimed');
        expect(reasonOf(trace, 'rumour')).toContain(first);
      }
    }
  });

  it('playing it releases the claim; the played slot stays empty until that hand is dealt again', async () => {
    const { engine } = await engineOf(RUMOUR);
    const flow = engine.flow('a');
    flow.deal('market');
    flow.play('rumour', { hand: 'market' });
    expect(flow.hand('market')).toEqual([]);
    expect(ids(flow.deal('tavern').dealt)).toEqual(['rumour']);
    expect(flow.hand('market')).toEqual([]);
  });

  it('a peek respects claims but makes none', async () => {
    const { engine } = await engineOf(RUMOUR);
    const flow = engine.flow('a');
    expect(ids(flow.peek('market').cards)).toEqual(['rumour']);
    expect(ids(flow.peek('tavern').cards)).toEqual(['rumour']);
    expect(ids(flow.deal('tavern').dealt)).toEqual(['rumour']);
    const { cards, trace } = flow.peek('market');
    expect(cards).toEqual([]);
    expect(verdicts(trace).rumour).toBe('claimed');
  });

  it('claims live on the flow: two playthroughs each have their own copy', async () => {
    const { engine } = await engineOf(RUMOUR);
    expect(ids(engine.flow('a').deal('market').dealt)).toEqual(['rumour']);
    expect(ids(engine.flow('b').deal('market').dealt)).toEqual(['rumour']);
  });
});

describe('copies (reference: "one copy of every card unless the card says copies: N")', () => {
  it('copies: 2 is held by two hands at once, never twice by one hand', async () => {
    const { engine } = await engineOf(`
boxes:
  town:
    decks:
      d:
        cards:
          coin: { copies: 2 }
    hands:
      purse: { slots: 3 }
      pocket: { slots: 3 }
      sock: { slots: 3 }
`);
    const flow = engine.flow('a');
    expect(ids(flow.deal('purse').dealt)).toEqual(['coin']);
    expect(ids(flow.deal('purse').dealt)).toEqual([]);
    expect(ids(flow.deal('pocket').dealt)).toEqual(['coin']);
    const { trace } = flow.deal('sock');
    expect(verdicts(trace).coin).toBe('claimed');
    expect(reasonOf(trace, 'coin')).toMatch(/all 2 copies are held in this flow/);
  });
});

const GOBLIN = `
boxes:
  wild:
    decks:
      monsters:
        shared: true
        cards:
          goblin: {}
      scenery:
        cards:
          tree: {}
    hands:
      cave: { slots: 2 }
      hills: { slots: 2 }
`;

describe('one goblin in the whole world (reference example: a shared deck)', () => {
  it('held by whoever was dealt it first; nobody else can be dealt it until they play it', async () => {
    const { engine } = await engineOf(GOBLIN);
    const alice = engine.flow('alice');
    const bob = engine.flow('bob');
    expect(ids(alice.deal('cave').dealt).sort()).toEqual(['goblin', 'tree']);
    const { dealt, trace } = bob.deal('cave');
    expect(ids(dealt)).toEqual(['tree']);
    expect(verdicts(trace).goblin).toBe('claimed-elsewhere');
    // Alice's own other hand: her board holds it, so it is `claimed`, not claimed-elsewhere.
    expect(verdicts(alice.deal('hills').trace).goblin).toBe('claimed');
    alice.play('goblin', { hand: 'cave' });
    expect(ids(bob.deal('cave').dealt)).toEqual(['goblin']);
  });

  it('a peek in another flow respects the world claim and makes none', async () => {
    const { engine } = await engineOf(GOBLIN);
    expect(ids(engine.flow('bob').peek('cave').cards)).toContain('goblin');
    engine.flow('alice').deal('cave');
    const { trace } = engine.flow('bob').peek('cave');
    expect(verdicts(trace).goblin).toBe('claimed-elsewhere');
    expect(reasonOf(trace, 'goblin')).toMatch(/other flows/);
  });

  it('a single-flow game sees no difference between shared and per-flow claims', async () => {
    const shared = await engineOf(GOBLIN);
    const personal = await engineOf(GOBLIN.replace('shared: true', 'shared: false'));
    for (const { engine } of [shared, personal]) {
      const flow = engine.flow('solo');
      expect(ids(flow.deal('cave').dealt).sort()).toEqual(['goblin', 'tree']);
      expect(verdicts(flow.deal('hills').trace).goblin).toBe('claimed');
    }
  });

  it('removing a flow gives its shared copies back to the world', async () => {
    const { engine } = await engineOf(GOBLIN);
    engine.flow('alice').deal('cave');
    engine.removeFlow('alice');
    expect(ids(engine.flow('bob').deal('cave').dealt)).toContain('goblin');
  });
});

describe('five golden tickets with one to a customer (reference example: copies 1, sharedCopies 5)', () => {
  it('five flows get one each; the sixth is told claimed-elsewhere; a second hand of one flow is told claimed', async () => {
    const { engine } = await engineOf(`
boxes:
  shop:
    decks:
      prizes:
        cards:
          golden_ticket: { shared: true, copies: 1, sharedCopies: 5 }
    hands:
      counter: {}
      window: {}
`);
    for (let i = 1; i <= 5; i++) expect(ids(engine.flow(`customer${i}`).deal('counter').dealt)).toEqual(['golden_ticket']);
    expect(verdicts(engine.flow('customer1').deal('window').trace).golden_ticket).toBe('claimed');
    const sixth = engine.flow('customer6').deal('counter');
    expect(sixth.dealt).toEqual([]);
    expect(verdicts(sixth.trace).golden_ticket).toBe('claimed-elsewhere');
    engine.flow('customer3').play('golden_ticket', { hand: 'counter' });
    expect(ids(engine.flow('customer6').deal('counter').dealt)).toEqual(['golden_ticket']);
  });
});

const FIGHT = `
boxes:
  wild:
    decks:
      monsters:
        cards:
          goblin: { shared: true, redraw: 3 }
    hands:
      cave: {}
`;

describe('the goblin returns to the pool while its fighter waits three turns (reference example: shared, redraw 3)', () => {
  it('the next participant can be dealt it at once; the one who fought it waits their own three turns', async () => {
    const { engine } = await engineOf(FIGHT);
    const alice = engine.flow('alice');
    const bob = engine.flow('bob');
    alice.deal('cave');
    alice.play('goblin', { hand: 'cave' }); // the play advances alice's box to turn 1
    expect(ids(bob.deal('cave').dealt)).toEqual(['goblin']);
    bob.play('goblin', { hand: 'cave' });
    for (const turn of [1, 2, 3]) {
      expect(alice.turn('wild')).toBe(turn);
      expect(verdicts(alice.peek('cave').trace).goblin).toBe('cooldown');
      alice.advance('wild');
    }
    expect(ids(alice.deal('cave').dealt)).toEqual(['goblin']);
  });
});

describe('taken: a shared one-shot (reference: "redraw: never is the exception")', () => {
  const ONE_SHOT = (shared: boolean) => `
boxes:
  wild:
    decks:
      d:
        cards:
          dragon: { shared: ${shared}, redraw: never }
    hands:
      lair: {}
`;

  it('the first play takes it out of the world for everyone, the player included', async () => {
    const { engine } = await engineOf(ONE_SHOT(true));
    engine.flow('alice').deal('lair');
    engine.flow('alice').play('dragon', { hand: 'lair' });
    for (const who of ['alice', 'bob']) {
      const { trace } = engine.flow(who).peek('lair');
      expect(verdicts(trace).dragon).toBe('taken');
    }
    expect(engine.taken()).toEqual(['dragon']);
  });

  it('not shared, a one-shot spent by one participant is still there for the next', async () => {
    const { engine } = await engineOf(ONE_SHOT(false));
    engine.flow('alice').deal('lair');
    engine.flow('alice').play('dragon', { hand: 'lair' });
    expect(verdicts(engine.flow('alice').peek('lair').trace).dragon).toBe('cooldown');
    expect(ids(engine.flow('bob').deal('lair').dealt)).toEqual(['dragon']);
    expect(engine.taken()).toEqual([]);
  });
});

describe('the claim store (runtime decision: all shared-claim decisions of one deal in one call)', () => {
  class Counting extends MemoryClaimStore implements ClaimStore {
    requests: SettleRequest[] = [];
    override settle(request: SettleRequest) {
      this.requests.push(request);
      return super.settle(request);
    }
  }

  it('a deal with shared survivors makes exactly one settle call; one with none makes no call', async () => {
    const bundle = await bundleOf(`
boxes:
  wild:
    decks:
      shared_deck:
        shared: true
        cards: { goblin: {}, orc: {}, troll: {} }
      own:
        cards: { tree: {}, rock: {} }
    hands:
      cave: { slots: 2 }
      glade: { slots: 2 }
`);
    const claims = new Counting();
    const engine = createEngine(bundle, { seed: 'x', claims });
    const { dealt } = engine.flow('alice').deal('cave');
    expect(claims.requests).toHaveLength(1);
    const [req] = claims.requests;
    expect(req!.holder).toEqual({ flow: 'alice', hand: 'cave' });
    expect(req!.candidates).toHaveLength(5);
    expect(req!.fill).toBe(2);
    expect(req!.commit).toBe(true);
    for (const c of dealt) {
      if (['goblin', 'orc', 'troll'].includes(c.id)) expect(claims.holders(c.id)).toEqual([{ flow: 'alice', hand: 'cave' }]);
    }
    engine.flow('alice').peek('glade');
    expect(claims.requests).toHaveLength(2);
    expect(claims.requests[1]!.commit).toBe(false);
  });

  it('MemoryClaimStore: settle picks the first `fill` candidates with room; replaceFlow refuses an over-limit restore and changes nothing', () => {
    const store = new MemoryClaimStore();
    const holder = { flow: 'a', hand: 'h' };
    const r1 = store.settle({
      holder,
      candidates: [
        { card: 'g', limit: 1 },
        { card: 't', limit: null },
      ],
      fill: 1,
      commit: true,
    });
    expect(r1).toEqual({ elsewhere: [false, false], picked: [0] });
    const r2 = store.settle({
      holder: { flow: 'b', hand: 'h' },
      candidates: [
        { card: 'g', limit: 1 },
        { card: 't', limit: null },
      ],
      fill: 1,
      commit: true,
    });
    expect(r2).toEqual({ elsewhere: [true, false], picked: [1] });
    expect(store.replaceFlow('b', [{ card: 'g', hand: 'h', limit: 1 }])).toBe(false);
    expect(store.holders('g')).toEqual([holder]);
    store.take('g', holder);
    expect(store.isTaken('g')).toBe(true);
    expect(store.holders('g')).toEqual([]);
  });
});
