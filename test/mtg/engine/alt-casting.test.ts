// Alternative costs (CR 118.9: Evoke, Dash) and casting during a resolution (CR 608.2g: the Play
// effect), on real cards of the Forge corpus against their Oracle text: the branches the one-card
// puzzles (test/puzzles/corpus/api-play-*.pzl, kw-evoke-*.pzl, kw-dash-*.pzl) leave out. Needs the
// fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, passUntil, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const names = (g: Game, pile: string) => zone(g, pile);

describe('Play: casting as an ability resolves (CR 608.2g)', needsCorpus('forge-cards'), () => {
  const plains = ['Plains', 'Plains', 'Plains', 'Plains'];

  it("Sram's Expertise: with two cards that qualify, the caster chooses one (or none); the chosen spell goes on the stack above and resolves after", () => {
    const g = game({ hand: ["Sram's Expertise", 'Lightning Bolt', 'Grizzly Bears', 'Hill Giant'], battlefield: plains });
    act(g, "cast Sram's Expertise");
    resolveStack(g, 1);
    // Hill Giant's mana value is 4: not offered.
    expect(labels(g)).toEqual(['done', 'Lightning Bolt', 'Grizzly Bears']);
    pick(g, 'Grizzly Bears');
    resolveStack(g);
    // The Bears were cast while the Expertise resolved, and resolved after it.
    const order = g.events.flatMap((e) =>
      (e.type === 'SpellCast' || e.type === 'Resolved') && (e.name === 'Grizzly Bears' || e.name === "Sram's Expertise") ? [`${e.type} ${e.name}`] : [],
    );
    expect(order).toEqual(["SpellCast Sram's Expertise", 'SpellCast Grizzly Bears', "Resolved Sram's Expertise", 'Resolved Grizzly Bears']);
    expect(find(g, 'Grizzly Bears', 0).name).toBe('Grizzly Bears');
    expect(names(g, 'hand-0')).toEqual(['Lightning Bolt', 'Hill Giant']);
  });

  it("Sram's Expertise: declining (Optional$) casts nothing; the card stays in hand", () => {
    const g = game({ hand: ["Sram's Expertise", 'Lightning Bolt'], battlefield: plains });
    act(g, "cast Sram's Expertise");
    resolveStack(g, 1);
    expect(g.pending()?.kind).toBe('yes-no');
    pick(g, 'no');
    expect(names(g, 'hand-0')).toEqual(['Lightning Bolt']);
    expect(g.state.players[1].life).toBe(20);
  });

  it("Sram's Expertise: a spell with no legal target is not offered (it could not be cast, CR 601.2c)", () => {
    const g = game({ hand: ["Sram's Expertise", 'Shock', 'Disenchant'], battlefield: plains });
    act(g, "cast Sram's Expertise");
    resolveStack(g, 1);
    // Disenchant needs an artifact or enchantment: the Servos are artifacts, so it is offered;
    // Shock can target a player. Both qualify: a choice.
    expect(labels(g)).toEqual(['done', 'Shock', 'Disenchant']);
    pick(g, 'done');
    expect(names(g, 'hand-0')).toEqual(['Shock', 'Disenchant']);
  });
});

describe('Evoke (CR 702.74) and Dash (CR 702.109): alternative costs offered apart', needsCorpus('forge-cards'), () => {
  it('Mulldrifter with five Islands is offered both ways; cast for its mana cost it stays', () => {
    const g = game({ hand: ['Mulldrifter'], battlefield: ['Island', 'Island', 'Island', 'Island', 'Island'] });
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual(['cast Mulldrifter', 'cast Mulldrifter (evoke)']);
    act(g, 'cast Mulldrifter');
    resolveStack(g);
    expect(find(g, 'Mulldrifter', 0).name).toBe('Mulldrifter');
    expect(names(g, 'hand-0')).toEqual(['Island', 'Island']);
  });

  it('Mulldrifter evoked: the spell records its way, and the card in the graveyard forgets it', () => {
    // A fourth Island keeps a priority decision open while the spell is on the stack.
    const g = game({ hand: ['Mulldrifter'], battlefield: ['Island', 'Island', 'Island', 'Island'] });
    act(g, 'cast Mulldrifter (evoke)');
    expect(g.state.stack[0]!.way).toBe('evoke');
    // Its two enter triggers are ordered (the first order offered), then resolve.
    passUntil(g, 'main2');
    const card = Object.values(g.state.objects).find((o) => o?.card === 'Mulldrifter')!;
    expect(card.zone).toBe('graveyard');
    expect(card.castWay).toBeUndefined();
  });

  it('Goblin Heelcutter cast for its mana cost has no haste and stays at the end step', () => {
    const g = game({ hand: ['Goblin Heelcutter'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain'] });
    act(g, 'cast Goblin Heelcutter');
    resolveStack(g);
    expect(find(g, 'Goblin Heelcutter', 0).keywords).not.toContain('Haste');
    passUntil(g, 'cleanup');
    expect(find(g, 'Goblin Heelcutter', 0).name).toBe('Goblin Heelcutter');
  });

  it('Goblin Heelcutter dashed has haste while on the battlefield, and is back in hand after the end step', () => {
    const g = game({ hand: ['Goblin Heelcutter'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain'] });
    act(g, 'cast Goblin Heelcutter (dash)');
    resolveStack(g);
    expect(find(g, 'Goblin Heelcutter', 0).keywords).toContain('Haste');
    passUntil(g, 'cleanup');
    expect(names(g, 'hand-0')).toContain('Goblin Heelcutter');
  });
});

describe('Rebound (CR 702.88) and Suspend (CR 702.62): casting again from exile', needsCorpus('forge-cards'), () => {
  const upkeep = (g: Game, turn: number) => passUntil(g, 'upkeep', turn);
  const exiled = (g: Game) => names(g, 'exile');

  it('Staggershock: declining the rebound cast leaves it in exile, and it is not asked again', () => {
    const g = game({ hand: ['Staggershock'], battlefield: ['Mountain', 'Mountain', 'Mountain'] });
    act(g, 'cast Staggershock');
    pick(g, 'target p2');
    resolveStack(g);
    expect(exiled(g)).toEqual(['Staggershock']);
    upkeep(g, 3);
    act(g, 'no');
    expect(g.state.players[1].life).toBe(18);
    passUntil(g, 'main1', 5);
    expect(exiled(g)).toEqual(['Staggershock']);
    expect(g.state.delayed).toEqual([]);
  });

  it('Rift Bolt suspended for {R}: not on the stack, exiled with one time counter; at the next upkeep it deals 3', () => {
    const g = game({ hand: ['Rift Bolt'], battlefield: ['Mountain'] });
    act(g, 'activate Rift Bolt');
    expect(g.state.stack).toEqual([]);
    const bolt = Object.values(g.state.objects).find((o) => o?.card === 'Rift Bolt')!;
    expect([bolt.zone, bolt.counters]).toEqual(['exile', { TIME: 1 }]);
    upkeep(g, 3);
    resolveStack(g, 1);
    pick(g, 'yes');
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(17);
    expect(names(g, 'graveyard-0')).toEqual(['Rift Bolt']);
  });

  it('Nantuko Shaman cast with suspend has haste (CR 702.62a); declined, a card stays exiled without counters and nothing triggers again', () => {
    const g = game({ hand: ['Nantuko Shaman', 'Rift Bolt'], battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Mountain'] });
    act(g, 'activate Nantuko Shaman');
    act(g, 'activate Rift Bolt');
    upkeep(g, 3);
    // Both upkeep triggers: ordered, then each resolves and asks.
    for (let i = 0; i < 40 && g.state.turn === 3 && g.state.step === 'upkeep'; i++) {
      const point = g.pending()!;
      if (point.kind === 'yes-no') pick(g, point.prompt.includes('Nantuko') ? 'yes' : 'no');
      else g.choose(0);
    }
    expect(find(g, 'Nantuko Shaman', 0).keywords).toContain('Haste');
    const bolt = Object.values(g.state.objects).find((o) => o?.card === 'Rift Bolt')!;
    expect([bolt.zone, bolt.counters.TIME ?? 0]).toEqual(['exile', 0]);
    // Nothing of either card triggers at the next upkeep (the Bolt has no time counter left).
    const fired = g.events.filter((e) => e.type === 'TriggerFired').length;
    passUntil(g, 'main1', 5);
    expect(g.events.filter((e) => e.type === 'TriggerFired').length).toBe(fired);
  });
});

describe('Madness (CR 702.35) and Entwine (CR 702.42)', needsCorpus('forge-cards'), () => {
  it('Fiery Temper discarded with no red mana: exiled, the cast cannot be paid, so it goes to the graveyard', () => {
    const g = game({ hand: ['Fiery Temper'], battlefield: ['Wild Mongrel', 'Island'] });
    act(g, 'activate Wild Mongrel');
    passUntil(g, 'main2');
    expect(names(g, 'exile')).toEqual([]);
    expect(names(g, 'graveyard-0')).toEqual(['Fiery Temper']);
    expect(g.state.players[1].life).toBe(20);
  });

  it('Fiery Temper: declining the madness cast puts it into the graveyard', () => {
    const g = game({ hand: ['Fiery Temper'], battlefield: ['Wild Mongrel', 'Mountain'] });
    act(g, 'activate Wild Mongrel');
    expect(names(g, 'exile')).toEqual(['Fiery Temper']);
    act(g, 'no');
    expect(names(g, 'graveyard-0')).toEqual(['Fiery Temper']);
    expect(g.state.players[1].life).toBe(20);
  });

  it('Barbed Lightning: entwine is asked only when it can be paid; declined, one mode is chosen', () => {
    const three = game({ hand: ['Barbed Lightning'], battlefield: ['Mountain', 'Mountain', 'Mountain'] }, { battlefield: ['Grizzly Bears'] });
    act(three, 'cast Barbed Lightning');
    expect(three.pending()?.kind).toBe('mode');
    const five = game(
      { hand: ['Barbed Lightning'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'] },
      { battlefield: ['Grizzly Bears'] },
    );
    act(five, 'cast Barbed Lightning');
    expect(five.pending()?.kind).toBe('yes-no');
    pick(five, 'no');
    expect(five.pending()?.kind).toBe('mode');
  });

  it('Barbed Lightning: with no creature to target, entwine is not offered (every mode must be choosable)', () => {
    const g = game({ hand: ['Barbed Lightning'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'] });
    act(g, 'cast Barbed Lightning');
    expect(g.pending()?.kind).not.toBe('yes-no');
  });
});

describe('Aftermath (CR 702.127)', needsCorpus('forge-cards'), () => {
  it('Cut // Ribbons: from the hand only Cut is offered; from the graveyard only Ribbons, which is then exiled', () => {
    const g = game({ hand: ['Cut // Ribbons'], battlefield: ['Mountain', 'Mountain', 'Swamp', 'Swamp', 'Swamp', 'Swamp'] }, { battlefield: ['Grizzly Bears'] });
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual(['cast Cut']);
    act(g, 'cast Cut');
    resolveStack(g);
    expect(names(g, 'graveyard-0')).toEqual(['Cut // Ribbons']);
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual(['cast Ribbons']);
    act(g, 'cast Ribbons');
    pick(g, 'X = 1');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(19);
    expect(names(g, 'exile')).toEqual(['Cut // Ribbons']);
    expect(names(g, 'graveyard-0')).toEqual([]);
  });
});
