// Scenarios for the effect APIs added for issue 20, each against a real card of the Forge corpus
// and its Oracle text (skipped without the corpus, needsCorpus). The puzzles in
// test/puzzles/corpus/api-*.pzl play the main line of each; these check the rest: the other
// branches, what each seat is told (hidden information), and the rules' corner cases.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, passUntil, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

/** The RevealCard entries of the action log for the named cards: which seats were told each. */
function reveals(g: Game, ...names: string[]): Array<{ name: string; to: number[] }> {
  return g.actions.flatMap((a) => (a.type === 'RevealCard' && names.includes(a.name) ? [{ name: a.name, to: [...a.to] }] : []));
}

/** Whether anything seat `seat` is shown (its view) names `name`. */
function viewNames(g: Game, seat: 0 | 1, name: string): boolean {
  return JSON.stringify(g.view(seat)).includes(`"${name}"`);
}

describe('effect APIs of issue 20, on real cards', needsCorpus('forge-cards'), () => {
  it('Poison: Leeches — "target player loses all poison counters" and is dealt that much damage (a negative Num$)', () => {
    const g = game({ hand: ['Leeches'], battlefield: ['Plains', 'Plains', 'Plains'] }, { poison: 4 });
    act(g, 'cast Leeches');
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].poison).toBe(0);
    expect(g.state.players[1].life).toBe(16);
  });

  it('AnimateAll: the set is fixed as it resolves (CR 611.2c): a land played after Natural Affinity is not a creature', () => {
    const g = game({ hand: ['Natural Affinity', 'Mountain'], battlefield: ['Forest', 'Forest', 'Forest'] }, { battlefield: ['Island'] });
    act(g, 'cast Natural Affinity');
    resolveStack(g);
    expect(find(g, 'Island', 1).types).toContain('Creature');
    expect([find(g, 'Forest', 0).power, find(g, 'Forest', 0).toughness]).toEqual([2, 2]);
    act(g, 'play Mountain');
    expect(find(g, 'Mountain', 0).types).not.toContain('Creature');
  });

  it("AnimateAll with a targeted player: Polymorphist's Jest makes only that player's creatures 1/1 blue Frogs without abilities", () => {
    const g = game({ hand: ["Polymorphist's Jest"], battlefield: ['Island', 'Island', 'Island', 'Serra Angel'] }, { battlefield: ['Serra Angel'] });
    act(g, "cast Polymorphist's Jest");
    pick(g, 'target p2');
    resolveStack(g);
    const theirs = find(g, 'Serra Angel', 1);
    expect([theirs.power, theirs.toughness, theirs.keywords, theirs.colours]).toEqual([1, 1, [], ['U']]);
    expect(theirs.subtypes).toEqual(['Frog']);
    expect(find(g, 'Serra Angel', 0).power).toBe(4);
  });

  it('ChooseNumber, secretly (Menacing Ogre): each player chooses; the highest loses that much life, and the Ogre gets two +1/+1 counters when its controller is among them', () => {
    const g = game({ hand: ['Menacing Ogre'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'] });
    act(g, 'cast Menacing Ogre');
    resolveStack(g);
    expect(g.pending()?.seat).toBe(0);
    pick(g, '3');
    // The second player chooses without being told the first number: nothing seat 1 sees says 3.
    expect(g.pending()?.seat).toBe(1);
    expect(g.pending()?.prompt).toBe('Choose a number');
    pick(g, '1');
    resolveStack(g);
    expect(g.state.players.map((p) => p.life)).toEqual([17, 20]);
    expect(find(g, 'Menacing Ogre', 0).counters).toEqual({ P1P1: 2 });
  });

  it('PeekAndReveal: Dryad Greenseeker looks at a land and I decline to reveal it: only I learn it, and it stays on top', () => {
    const g = game({ battlefield: ['Dryad Greenseeker'], library: ['Forest', 'Island'] });
    act(g, 'activate Dryad Greenseeker');
    resolveStack(g);
    pick(g, 'no');
    resolveStack(g);
    expect(zone(g, 'library-0')[0]).toBe('Forest');
    expect(reveals(g, 'Forest')).toEqual([{ name: 'Forest', to: [0] }]);
    expect(viewNames(g, 1, 'Forest')).toBe(false);
  });

  it('PeekAndReveal: a nonland top card is looked at but cannot be revealed (no question)', () => {
    const g = game({ battlefield: ['Dryad Greenseeker'], library: ['Grizzly Bears', 'Island'] });
    act(g, 'activate Dryad Greenseeker');
    resolveStack(g);
    expect(zone(g, 'library-0')[0]).toBe('Grizzly Bears');
    expect(reveals(g, 'Grizzly Bears')).toEqual([{ name: 'Grizzly Bears', to: [0] }]);
  });

  it('Explore: a land on top goes to the hand and the creature gets no counter (CR 701.40a); both players see it', () => {
    const g = game({ hand: ['Merfolk Branchwalker'], battlefield: ['Forest', 'Forest'], library: ['Plains', 'Island'] });
    act(g, 'cast Merfolk Branchwalker');
    resolveStack(g);
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Plains']);
    expect(find(g, 'Merfolk Branchwalker', 0).counters).toEqual({});
    expect(reveals(g, 'Plains')).toEqual([{ name: 'Plains', to: [0, 1] }]);
  });

  it('Explore twice (Jadelight Ranger): a nonland kept on top is revealed again by the second explore, logged once per seat', () => {
    const g = game({ hand: ['Jadelight Ranger'], battlefield: ['Forest', 'Forest', 'Forest'], library: ['Grizzly Bears', 'Island'] });
    act(g, 'cast Jadelight Ranger');
    resolveStack(g);
    resolveStack(g);
    pick(g, 'keep Grizzly Bears on top');
    pick(g, 'keep Grizzly Bears on top');
    resolveStack(g);
    expect(find(g, 'Jadelight Ranger', 0).counters).toEqual({ P1P1: 2 });
    expect(reveals(g, 'Grizzly Bears')).toEqual([{ name: 'Grizzly Bears', to: [0, 1] }]);
  });

  it('Proliferate: only permanents and players with counters are offered (CR 701.27a), each gets one more of each kind it has', () => {
    const g = game(
      { hand: ['Steady Progress'], battlefield: ['Island', 'Island', 'Island', { name: 'Grizzly Bears', counters: { P1P1: 1, CHARGE: 2 } }, 'Serra Angel'] },
      { counters: { ENERGY: 2 } },
    );
    act(g, 'cast Steady Progress');
    resolveStack(g);
    expect(labels(g)).toEqual(['done', 'Grizzly Bears', 'p2']);
    pick(g, 'Grizzly Bears');
    pick(g, 'p2');
    resolveStack(g);
    expect(find(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 2, CHARGE: 3 });
    expect(g.state.players[1].counters).toEqual({ ENERGY: 3 });
  });

  it('Clash lost (Pulling Teeth): Otherwise, the target discards one card; the revealed cards are shown to both', () => {
    const g = game(
      { hand: ['Pulling Teeth'], battlefield: ['Swamp', 'Swamp'], library: ['Island', 'Swamp'] },
      { hand: ['Shock', 'Island'], library: ['Serra Angel', 'Island'] },
    );
    act(g, 'cast Pulling Teeth');
    pick(g, 'target p2');
    resolveStack(g);
    for (let i = 0; i < 4 && g.pending()?.kind !== 'priority'; i++) g.choose(0);
    expect(zone(g, 'graveyard-1')).toHaveLength(1);
    expect(reveals(g, 'Serra Angel')).toEqual([{ name: 'Serra Angel', to: [0, 1] }]);
  });

  it('Clash with equal mana values is not a win (CR 701.23c)', () => {
    const g = game({ hand: ['Pulling Teeth'], battlefield: ['Swamp', 'Swamp'], library: ['Island'] }, { hand: ['Shock', 'Island'], library: ['Island'] });
    act(g, 'cast Pulling Teeth');
    pick(g, 'target p2');
    resolveStack(g);
    for (let i = 0; i < 4 && g.pending()?.kind !== 'priority'; i++) g.choose(0);
    expect(zone(g, 'graveyard-1')).toHaveLength(1);
  });

  it('RearrangeTopOfLibrary: Ponder looks at three cards; only I learn them, the opponent sees no name, and a shuffle can follow', () => {
    const g = game({ hand: ['Ponder'], battlefield: ['Island'], library: ['Plains', 'Swamp', 'Mountain', 'Forest'] });
    act(g, 'cast Ponder');
    resolveStack(g);
    pick(g, 'Mountain');
    pick(g, 'Plains');
    expect(zone(g, 'library-0').slice(0, 3)).toEqual(['Mountain', 'Plains', 'Swamp']);
    expect(reveals(g, 'Plains', 'Swamp', 'Mountain', 'Forest')).toEqual(['Plains', 'Swamp', 'Mountain'].map((name) => ({ name, to: [0] })));
    for (const name of ['Plains', 'Swamp', 'Mountain']) expect(viewNames(g, 1, name)).toBe(false);
    pick(g, 'no');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Mountain']);
  });

  it('DigUntil: every card revealed is shown to both players (CR 701.16a); Goblin Machinist puts them all on the bottom in the order I choose', () => {
    const g = game({ battlefield: ['Goblin Machinist', 'Mountain', 'Mountain', 'Mountain'], library: ['Island', 'Forest', 'Serra Angel', 'Swamp'] });
    act(g, 'activate Goblin Machinist');
    resolveStack(g);
    // The found card (FoundLibraryPosition -1) goes to the bottom first, then the other revealed cards in my order.
    pick(g, 'Forest');
    resolveStack(g);
    expect(zone(g, 'library-0')).toEqual(['Swamp', 'Serra Angel', 'Forest', 'Island']);
    expect(reveals(g, 'Island', 'Forest', 'Serra Angel', 'Swamp')).toEqual(['Island', 'Forest', 'Serra Angel'].map((name) => ({ name, to: [0, 1] })));
    expect(find(g, 'Goblin Machinist', 0).power).toBe(5);
  });

  it('DigUntil with nothing found: the whole library is revealed and goes where the revealed cards go (Hermit Druid: the graveyard)', () => {
    const g = game({ battlefield: ['Hermit Druid', 'Forest'], library: ['Grizzly Bears', 'Shock'] });
    act(g, 'activate Hermit Druid');
    resolveStack(g);
    expect(zone(g, 'library-0')).toEqual([]);
    expect(zone(g, 'graveyard-0').sort()).toEqual(['Grizzly Bears', 'Shock']);
    expect(zone(g, 'hand-0')).toEqual([]);
  });

  it('CopyPermanent: the copy of a copy copies what the copy copies (CR 707.3), and it is a token', () => {
    const g = game({ hand: ['Cackling Counterpart'], battlefield: ['Island', 'Island', 'Island', 'Grizzly Bears'] });
    act(g, 'cast Cackling Counterpart');
    resolveStack(g);
    const copies = g.view(0).battlefield.filter((c) => c.name === 'Grizzly Bears');
    expect(copies.map((c) => [c.token, c.power, c.toughness])).toEqual([
      [false, 2, 2],
      [true, 2, 2],
    ]);
  });

  it('CopyPermanent with AtEOT (Kiki-Jiki): the copy is sacrificed at the beginning of the next end step (CR 603.7)', () => {
    const g = game({ battlefield: ['Kiki-Jiki, Mirror Breaker', 'Grizzly Bears'] });
    act(g, 'activate Kiki-Jiki, Mirror Breaker');
    resolveStack(g);
    expect(g.view(0).battlefield.filter((c) => c.name === 'Grizzly Bears')).toHaveLength(2);
    expect(g.state.delayed).toHaveLength(1);
    passUntil(g, 'cleanup');
    expect(g.view(0).battlefield.filter((c) => c.name === 'Grizzly Bears')).toHaveLength(1);
    expect(g.state.delayed).toEqual([]);
    expect([...g.unsupported]).toEqual([]);
  });

  it('Effect with ForgetOnMoved$: Avacyn, Guardian Angel’s shield ends once its creature left the battlefield', () => {
    const g = game({ hand: ['Lightning Bolt'], battlefield: ['Avacyn, Guardian Angel', 'Plains', 'Plains', 'Mountain', 'Grizzly Bears'] });
    // Grizzly Bears is the only other creature: the target is taken without a prompt.
    act(g, 'activate Avacyn, Guardian Angel');
    resolveStack(g);
    pick(g, 'White');
    const effects = () => g.state.zones['command']!.filter((id) => g.state.objects[id]!.effect);
    expect(effects()).toHaveLength(1);
    act(g, 'cast Lightning Bolt');
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toContain('Grizzly Bears');
    // Forgotten as it left (ForgetOnMoved$ Battlefield), and with nothing left to remember the effect ends.
    expect(effects()).toEqual([]);
  });

  it('Effect with ExileOnMoved$: Abbot of Keral Keep’s "you may play that card" ends when the card leaves exile', () => {
    const g = game({ hand: ['Abbot of Keral Keep'], battlefield: ['Mountain', 'Mountain'], library: ['Forest', 'Island'] });
    act(g, 'cast Abbot of Keral Keep');
    resolveStack(g);
    resolveStack(g);
    const effects = () => g.state.zones['command']!.filter((id) => g.state.objects[id]!.effect);
    expect(zone(g, 'exile')).toEqual(['Forest']);
    expect(effects()).toHaveLength(1);
    act(g, 'play Forest');
    expect(zone(g, 'exile')).toEqual([]);
    expect(effects()).toEqual([]);
  });

  it('ChangeTargets with Defined$ TriggeredStackInstance: Captured by the Consulate moves a single-target spell onto the enchanted creature', () => {
    const g = board(
      { battlefield: [{ name: 'Captured by the Consulate', attachedToOpponent: 0 }], library: LIBRARY },
      { hand: ['Lightning Bolt'], battlefield: ['Hill Giant', 'Mountain'], library: LIBRARY },
      { registry: realRegistry(), active: 1 },
    );
    act(g, 'cast Lightning Bolt');
    pick(g, 'target p1');
    resolveStack(g);
    expect(g.events.find((e) => e.type === 'TargetsChanged')).toMatchObject({ seat: 0, name: 'Lightning Bolt', targets: ['Hill Giant'] });
    expect(g.state.players[0].life).toBe(20);
    expect(zone(g, 'graveyard-1')).toContain('Hill Giant');
    expect([...g.unsupported]).toEqual([]);
  });

  it('Pump with ForgetObjects$: Ashiok, Nightmare Weaver forgets a card it exiled once that card leaves exile', () => {
    const g = game(
      { hand: ['Pull from Eternity'], battlefield: [{ name: 'Ashiok, Nightmare Weaver', counters: { LOYALTY: 3 } }, 'Plains'] },
      { library: ['Grizzly Bears', 'Hill Giant', 'Serra Angel', 'Island'] },
    );
    act(g, 'activate Ashiok, Nightmare Weaver');
    resolveStack(g);
    const ashiok = () => g.state.objects[g.state.zones['battlefield']!.find((id) => g.state.objects[id]!.card === 'Ashiok, Nightmare Weaver')!]!;
    expect(zone(g, 'exile').sort()).toEqual(['Grizzly Bears', 'Hill Giant', 'Serra Angel']);
    expect(ashiok().remembered).toHaveLength(3);
    act(g, 'cast Pull from Eternity');
    pick(g, 'target Hill Giant');
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toContain('Hill Giant');
    // The trigger's "forget it": two exiled cards left on Ashiok's list.
    expect(ashiok().remembered).toHaveLength(2);
  });

  it('ExchangeControl of two creatures one player controls does nothing (CR 701.10b)', () => {
    const g = game(
      { hand: ['Switcheroo'], battlefield: ['Island', 'Island', 'Island', 'Island', 'Island', 'Grizzly Bears', 'Hill Giant'] },
      { battlefield: ['Serra Angel'] },
    );
    act(g, 'cast Switcheroo');
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Hill Giant');
    resolveStack(g);
    expect(find(g, 'Grizzly Bears').controller).toBe(0);
    expect(find(g, 'Hill Giant').controller).toBe(0);
    expect(g.state.effects).toEqual([]);
  });

  it('ExchangeControl: each creature is summoning sick for its new controller (CR 302.6)', () => {
    const g = game(
      { hand: ['Switcheroo'], battlefield: ['Island', 'Island', 'Island', 'Island', 'Island', 'Grizzly Bears'] },
      { battlefield: ['Serra Angel'] },
    );
    act(g, 'cast Switcheroo');
    // Exactly two legal targets for two: both are taken without a prompt.
    resolveStack(g);
    expect([find(g, 'Serra Angel').controller, find(g, 'Serra Angel').sick]).toEqual([0, true]);
    expect(find(g, 'Grizzly Bears').controller).toBe(1);
  });

  it('RemoveFromCombat: a removed attacker is no longer attacking, and the blocker it had no longer blocks it', () => {
    const g = game({ battlefield: ['Reconnaissance', 'Hill Giant'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'attack with Hill Giant');
    act(g, 'Grizzly Bears blocks Hill Giant');
    act(g, 'activate Reconnaissance');
    resolveStack(g);
    expect(g.state.combat?.attackers ?? []).toEqual([]);
    expect(g.state.combat?.blocks ?? []).toEqual([]);
    expect(find(g, 'Hill Giant').tapped).toBe(false);
  });

  it("TwoPiles face down (Fortune's Favor): the opponent looks and separates; I am told only the size of the face-down pile", () => {
    const g = game({
      hand: ["Fortune's Favor"],
      battlefield: ['Island', 'Island', 'Island', 'Island'],
      library: ['Serra Angel', 'Forest', 'Swamp', 'Mountain', 'Plains'],
    });
    act(g, "cast Fortune's Favor");
    resolveStack(g);
    expect(g.pending()?.seat).toBe(1);
    pick(g, 'Serra Angel');
    pick(g, 'done');
    expect(g.pending()?.seat).toBe(0);
    expect(labels(g)).toEqual(['pile 1: the face-down pile (1 card)', 'pile 2: Forest, Swamp, Mountain']);
    // Seat 0 was never told the face-down card: only the separator was.
    expect(reveals(g, 'Serra Angel')).toEqual([{ name: 'Serra Angel', to: [1] }]);
    expect(reveals(g, 'Forest')).toEqual([
      { name: 'Forest', to: [1] },
      { name: 'Forest', to: [0] },
    ]);
    expect(viewNames(g, 0, 'Serra Angel')).toBe(false);
    pick(g, 'pile 1');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Serra Angel']);
    expect(zone(g, 'graveyard-0').sort()).toEqual(['Forest', "Fortune's Favor", 'Mountain', 'Swamp']);
  });

  it('DamageResolve: Char at a creature — both parts are dealt, then the creature dies as a state-based action after the spell resolves', () => {
    const g = game({ hand: ['Char'], battlefield: ['Mountain', 'Mountain', 'Mountain'] }, { battlefield: ['Serra Angel'] });
    act(g, 'cast Char');
    pick(g, 'target Serra Angel');
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Serra Angel']);
    expect(g.state.players[0].life).toBe(18);
  });

  it('MoveCounter: Leech Bonder moves a counter of the kind I choose from one target creature onto the other', () => {
    const g = game({
      battlefield: [
        'Island',
        { name: 'Leech Bonder', tapped: true, counters: { M1M1: 2 } },
        { name: 'Grizzly Bears', counters: { P1P1: 1, CHARGE: 1 } },
        'Hill Giant',
      ],
    });
    act(g, 'activate Leech Bonder');
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Hill Giant');
    resolveStack(g);
    expect(labels(g)).toEqual(['CHARGE', 'P1P1']);
    pick(g, 'CHARGE');
    resolveStack(g);
    expect(find(g, 'Grizzly Bears').counters).toEqual({ P1P1: 1 });
    expect(find(g, 'Hill Giant').counters).toEqual({ CHARGE: 1 });
  });

  it('Vote with StoreVoteNum (Orchard Elemental): two +1/+1 counters for each sprout vote, 3 life for each harvest vote', () => {
    const g = game({ hand: ['Orchard Elemental'], battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Forest', 'Forest'] });
    act(g, 'cast Orchard Elemental');
    resolveStack(g);
    expect(g.pending()?.seat).toBe(0);
    pick(g, 'Sprout');
    expect(g.pending()?.seat).toBe(1);
    pick(g, 'Harvest');
    resolveStack(g);
    expect(find(g, 'Orchard Elemental', 0).counters).toEqual({ P1P1: 2 });
    expect(g.state.players[0].life).toBe(23);
  });

  it("Vote with most votes (Tyrant's Choice): both vote death, so the opponent sacrifices a creature and loses no life", () => {
    const g = game({ hand: ["Tyrant's Choice"], battlefield: ['Swamp', 'Swamp'] }, { battlefield: ['Grizzly Bears'] });
    act(g, "cast Tyrant's Choice");
    resolveStack(g);
    pick(g, 'Death');
    pick(g, 'Death');
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    expect(g.state.players[1].life).toBe(20);
  });
});
