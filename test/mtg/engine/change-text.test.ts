// Text-changing effects (CR 612, layer 3 of CR 613.1c) with the real Sleight of Mind and Magical
// Hack: a changed word changes what the object's abilities say (targets, protection, landwalk,
// a static's affected set), never its name or colour, and the change survives a snapshot and
// resume. Real corpus cards: skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { compileScript, createCardRegistry } from '../../../src/mtg/cards/index.js';
import { restoreGame, type Game } from '../../../src/mtg/engine/index.js';
import { param, resolveNode } from '../../../src/mtg/engine/cards.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { act, board, find, labels, passWhile, pick, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function objectNamed(game: Game, name: string) {
  const o = game.state.objects.find((x) => x !== null && x.card === name);
  if (!o) throw new Error(`no ${name}`);
  return o;
}

function onBattlefield(game: Game, name: string): boolean {
  return game.state.zones['battlefield']!.some((id) => game.state.objects[id]!.card === name);
}

/** Seat 0 casts `spell` at `target`, then Sleight of Mind on that spell, changing `from` to `to`. */
function sleightOnSpell(spell: string, target: string, from: string, to: string): Game {
  const registry = realRegistry();
  const game = board(
    // The spare Swamp keeps seat 0 asked while the changed spell waits on the stack.
    { hand: [spell, 'Sleight of Mind'], battlefield: ['Swamp', 'Swamp', 'Island', 'Swamp'], library: LIBRARY },
    { battlefield: [target], library: LIBRARY },
    { registry },
  );
  act(game, `cast ${spell}`);
  // The only legal target is taken without a prompt.
  if (labels(game).includes(`target ${target}`)) pick(game, `target ${target}`);
  act(game, 'cast Sleight of Mind');
  pick(game, `target ${spell}`);
  passWhile(game, (g) => g.pending()?.kind === 'priority' && g.state.stack.length === 2);
  pick(game, from);
  pick(game, to);
  return game;
}

describe('text-changing effects', needsCorpus('forge-cards'), () => {
  it('Sleight of Mind on a Terror on the stack, black → green: its green target is now illegal and Terror does nothing', () => {
    const game = sleightOnSpell('Terror', 'Grizzly Bears', 'black', 'green');
    // What Terror now says: a black creature would match, a green one would not.
    expect(param(resolveNode(realRegistry(), game.state.stack[0]!.node), 'ValidTgts')).toBe('Creature.nonArtifact+nonGreen');
    resolveStack(game);
    expect(onBattlefield(game, 'Grizzly Bears')).toBe(true);
    expect(game.events.some((e) => e.type === 'Countered' && e.name === 'Terror' && e.fizzled)).toBe(true);
  });

  it('Sleight of Mind on a Terror on the stack, black → green: a nongreen target is still destroyed', () => {
    const game = sleightOnSpell('Terror', 'Serra Angel', 'black', 'green');
    resolveStack(game);
    expect(onBattlefield(game, 'Serra Angel')).toBe(false);
  });

  it('Sleight of Mind on White Knight, black → red: protection from red; Terror may target it, Lightning Bolt may not', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Sleight of Mind', 'Lightning Bolt', 'Terror'], battlefield: ['Island', 'Mountain', 'Swamp', 'Swamp'], library: LIBRARY },
      { battlefield: ['White Knight'], library: LIBRARY },
      { registry },
    );
    act(game, 'cast Lightning Bolt');
    expect(labels(game)).toContain('target White Knight');
    game.choose(labels(game).indexOf('target p2'));
    resolveStack(game);
    act(game, 'cast Sleight of Mind');
    pick(game, 'target White Knight');
    resolveStack(game);
    pick(game, 'black');
    expect(labels(game)).not.toContain('black');
    pick(game, 'red');
    expect(find(game, 'White Knight').keywords).toEqual(['First Strike', 'Protection from red']);
    // Its name and colour are not text it has as rules text (CR 612.2).
    expect(find(game, 'White Knight').colours).toEqual(['W']);
    act(game, 'cast Terror');
    resolveStack(game);
    expect(onBattlefield(game, 'White Knight')).toBe(false);
  });

  /**
   * Seat 0 attacks seat 1 (who has `land` and an untapped Grizzly Bears) with Bog Wraith, after
   * Magical Hack changed its swampwalk to islandwalk when `hack`; returns the blocks offered.
   */
  function wraithAttacks(land: string, hack: boolean): { game: Game; blocks: string[] } {
    const registry = realRegistry();
    const game = board(
      { hand: ['Magical Hack'], battlefield: ['Bog Wraith', 'Island'], library: LIBRARY },
      { battlefield: [land, 'Grizzly Bears'], library: LIBRARY },
      { registry },
    );
    if (hack) {
      act(game, 'cast Magical Hack');
      pick(game, 'target Bog Wraith');
      resolveStack(game);
      pick(game, 'Swamp');
      pick(game, 'Island');
      expect(find(game, 'Bog Wraith').keywords).toEqual(['Islandwalk']);
    }
    act(game, 'attack with Bog Wraith');
    const past = ['combatDamage', 'endCombat', 'main2'];
    passWhile(game, (g) => !past.includes(g.state.step) && (g.pending()?.seat !== 1 || g.state.step !== 'declareBlockers'));
    expect(game.state.turn).toBe(1);
    const blocks = labels(game).filter((l) => l.includes(' blocks '));
    passWhile(game, (g) => g.state.step !== 'main2');
    return { game, blocks };
  }

  it('Magical Hack on Bog Wraith, swamp → island: unblockable against an Island controller', () => {
    const { game, blocks } = wraithAttacks('Island', true);
    expect(blocks).toEqual([]);
    expect(game.state.players[1].life).toBe(17);
  });

  it('Magical Hack on Bog Wraith, swamp → island: blockable against a Swamp controller', () => {
    expect(wraithAttacks('Swamp', false).blocks).toEqual([]);
    expect(wraithAttacks('Swamp', true).blocks).toEqual(['Grizzly Bears blocks Bog Wraith']);
  });

  it('Sleight of Mind on Bad Moon, black → green: the anthem now pumps green creatures, not black ones', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Sleight of Mind'], battlefield: ['Bad Moon', 'Island', 'Grizzly Bears', 'Scathe Zombies'], library: LIBRARY },
      { library: LIBRARY },
      { registry },
    );
    expect([find(game, 'Grizzly Bears').power, find(game, 'Scathe Zombies').power]).toEqual([2, 3]);
    act(game, 'cast Sleight of Mind');
    pick(game, 'target Bad Moon');
    resolveStack(game);
    pick(game, 'black');
    pick(game, 'green');
    expect([find(game, 'Grizzly Bears').power, find(game, 'Scathe Zombies').power]).toEqual([3, 2]);
  });

  it('a change made to a creature spell goes on applying to the permanent it becomes (CR 400.7a), and not to a new object (CR 400.7)', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['White Knight', 'Sleight of Mind', 'Unsummon'], battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Island', 'Island'], library: LIBRARY },
      { library: LIBRARY },
      { registry },
    );
    act(game, 'cast White Knight');
    act(game, 'cast Sleight of Mind');
    pick(game, 'target White Knight');
    resolveStack(game);
    pick(game, 'black');
    pick(game, 'red');
    resolveStack(game);
    expect(find(game, 'White Knight').keywords).toEqual(['First Strike', 'Protection from red']);
    act(game, 'cast Unsummon');
    resolveStack(game);
    act(game, 'cast White Knight');
    resolveStack(game);
    expect(find(game, 'White Knight').keywords).toEqual(['First Strike', 'Protection from black']);
  });

  it('Magical Hack on a Mountain, mountain → island: its type line and its intrinsic mana ability change (CR 612.1, 305.6)', () => {
    const registry = realRegistry();
    const game = board({ hand: ['Magical Hack'], battlefield: ['Island', 'Mountain'], library: LIBRARY }, { library: LIBRARY }, { registry });
    act(game, 'cast Magical Hack');
    pick(game, 'target Mountain');
    resolveStack(game);
    pick(game, 'Mountain');
    pick(game, 'Island');
    expect(find(game, 'Mountain').subtypes).toEqual(['Island']);
    expect(labels(game).filter((l) => l.startsWith('activate Mountain'))).toEqual(['activate Mountain: T: Add {U}.']);
  });

  it('Artificial Evolution on Goblin King, Goblin → Elf: its lordship moves to Elves, its own type line changes, Wall is not offered', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Artificial Evolution'], battlefield: ['Island', 'Goblin King', "Mons's Goblin Raiders", 'Llanowar Elves', 'Wall of Wood'], library: LIBRARY },
      { library: LIBRARY },
      { registry },
    );
    expect([find(game, "Mons's Goblin Raiders").power, find(game, 'Llanowar Elves').power]).toEqual([2, 1]);
    act(game, 'cast Artificial Evolution');
    pick(game, 'target Goblin King');
    resolveStack(game);
    pick(game, 'Goblin');
    expect(labels(game)).not.toContain('Wall');
    pick(game, 'Elf');
    expect([find(game, "Mons's Goblin Raiders").power, find(game, 'Llanowar Elves').power]).toEqual([1, 2]);
    expect(find(game, 'Llanowar Elves').keywords).toContain('Mountainwalk');
    expect(find(game, 'Goblin King').subtypes).toEqual(['Elf']);
  });

  it('Magical Hack on Goblin King, mountain → island: the keyword it grants is text it has, so it changes', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Magical Hack'], battlefield: ['Island', 'Goblin King', "Mons's Goblin Raiders"], library: LIBRARY },
      { library: LIBRARY },
      { registry },
    );
    act(game, 'cast Magical Hack');
    pick(game, 'target Goblin King');
    resolveStack(game);
    pick(game, 'Mountain');
    pick(game, 'Island');
    expect(find(game, "Mons's Goblin Raiders").keywords).toEqual(['Islandwalk']);
  });

  it('the change survives a snapshot and resume, and replays identically', () => {
    const registry = realRegistry();
    const play = (): Game => {
      const game = board(
        { hand: ['Sleight of Mind', 'Lightning Bolt'], battlefield: ['Island', 'Mountain'], library: LIBRARY },
        { battlefield: ['White Knight'], library: LIBRARY },
        { registry },
      );
      act(game, 'cast Sleight of Mind');
      pick(game, 'target White Knight');
      resolveStack(game);
      pick(game, 'black');
      pick(game, 'red');
      return game;
    };
    const game = play();
    const again = play();
    expect(again.stateHash()).toBe(game.stateHash());
    expect(JSON.stringify(again.actions)).toBe(JSON.stringify(game.actions));
    const resumed = restoreGame(JSON.parse(JSON.stringify(game.snapshot())), registry);
    expect(resumed.stateHash()).toBe(game.stateHash());
    expect(find(resumed, 'White Knight').keywords).toEqual(['First Strike', 'Protection from red']);
    const knight = objectNamed(resumed, 'White Knight');
    expect(knight.textChanges?.map((t) => [t.kind, t.from, t.to])).toEqual([['color', 'Black', 'Red']]);
    // Lightning Bolt (red) can no longer target it, in the resumed game as in the original.
    act(resumed, 'cast Lightning Bolt');
    expect(labels(resumed)).not.toContain('target White Knight');
  });
});

// Hand-written mini scripts (our own, not Forge's): a text change without `Permanent$ True`, which
// no corpus card reaches today (the ones that have it are GenericChoice spells), and a knight with
// protection, on fixture lands.
const MINI: Record<string, string[]> = {
  'Test Recolour': [
    'Name:Test Recolour',
    'ManaCost:U',
    'Types:Instant',
    'A:SP$ ChangeText | Cost$ U | ValidTgts$ Card | TgtZone$ Stack,Battlefield | ChangeColorWord$ Choose Choose | SpellDescription$ Recolour a word until end of turn.',
    'Oracle:',
  ],
};

function miniRegistry() {
  const cards = [];
  for (const [name, lines] of Object.entries({ ...FIXTURE_CARDS, ...MINI })) {
    const { card } = compileScript(`cardsfolder/t/${name.toLowerCase().replace(/ /g, '_')}.txt`, lines.join('\n'));
    if (!card) throw new Error(`${name} did not compile`);
    cards.push(card);
  }
  return createCardRegistry({ cards, tokens: [] });
}

describe('text-changing effects that last until end of turn', () => {
  it('end at the cleanup step (CR 514.2)', () => {
    const game = board(
      // The land in hand keeps the game asking seat 0 in its turn.
      { hand: ['Test Recolour', 'Test Island'], battlefield: ['Test Island'], library: ['Test Island', 'Test Island'] },
      { battlefield: ['Test Paladin'], library: ['Test Island', 'Test Island'] },
      { registry: miniRegistry() },
    );
    act(game, 'cast Test Recolour');
    pick(game, 'target Test Paladin');
    resolveStack(game);
    pick(game, 'red');
    pick(game, 'blue');
    expect(find(game, 'Test Paladin').keywords).toEqual(['Protection from blue']);
    expect(game.state.turn).toBe(1);
    passWhile(game, (g) => g.state.turn === 1);
    expect(find(game, 'Test Paladin').keywords).toEqual(['Protection from red']);
  });
  it('Crystal Spray: its caster chooses the colour-word change for the targeted card, then draws', needsCorpus('forge-cards'), () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Crystal Spray'], battlefield: ['Island', 'Island', 'Island', 'Island'], library: LIBRARY },
      { battlefield: ['White Knight'], library: LIBRARY },
      { registry },
    );
    act(game, 'cast Crystal Spray');
    if (labels(game).includes('target White Knight')) pick(game, 'target White Knight');
    resolveStack(game);
    // GenericChoice aimed at a card: the caster (Defined$ You) picks the mode, not a target.
    expect(game.pending()?.seat).toBe(0);
    pick(game, 'Change color');
    pick(game, 'black');
    pick(game, 'red');
    expect(find(game, 'White Knight').keywords).toEqual(['First Strike', 'Protection from red']);
    expect(game.state.zones['hand-0']!.length).toBe(1);
  });
});
