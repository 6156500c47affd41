// Cards of the 1994–1995 championship decks (the benchmark's and the searching AI's games) whose
// scripts wrote a restriction or a duration the engine did not read. Real cards of the Forge
// corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { board, find, labels, passUntil, pick } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';
import { chars } from '../../../src/mtg/engine/layers.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('championship cards', needsCorpus('forge-cards'), () => {
  it('Library of Alexandria draws only with exactly seven cards in hand', () => {
    const draws = (hand: number) =>
      labels(game({ battlefield: ['Library of Alexandria'], hand: Array.from({ length: hand }, () => 'Island') })).filter((l) => l.includes('Draw a card'));
    expect(draws(7)).toHaveLength(1);
    expect(draws(6)).toEqual([]);
    expect(draws(8)).toEqual([]);
  });

  it('Erhnam Djinn’s forestwalk lasts until its controller’s next upkeep, through the opponent’s turn', () => {
    const g = game({ battlefield: ['Erhnam Djinn'] }, { battlefield: ['Craw Wurm'] });
    const forestwalks = () => g.internals.s.effects.filter((e) => e.duration.until === 'next-upkeep').length;
    passUntil(g, 'main1', 3);
    expect(find(g, 'Craw Wurm').keywords).toContain('Forestwalk');
    passUntil(g, 'main1', 4);
    // Not "until end of turn": the opponent's turn still has it.
    expect(find(g, 'Craw Wurm').keywords).toContain('Forestwalk');
    expect(forestwalks()).toBe(1);
    passUntil(g, 'main1', 5);
    // The old one ended as the upkeep began; the new trigger gave it again.
    expect(find(g, 'Craw Wurm').keywords).toContain('Forestwalk');
    expect(forestwalks()).toBe(1);
  });

  // Animate Dead (CR 303.4a: "enchant creature card in a graveyard"): the Aura resolves attached
  // to the card in the graveyard, its enters trigger returns the card under its controller's
  // control, and the Aura, now "enchant creature put onto the battlefield with Animate Dead",
  // stays attached to it; when the Aura leaves, the creature is sacrificed.
  const reanimate = (p0: SeatSetup, p1: SeatSetup = {}): Game => {
    const g = game({ battlefield: ['Swamp', 'Swamp'], hand: ['Animate Dead'], ...p0 }, p1);
    pick(g, 'cast Animate Dead');
    for (let i = 0; i < 20 && g.pending() && (g.internals.s.stack.length > 0 || g.pending()?.kind !== 'priority'); i++) g.choose(0);
    return g;
  };

  it('Animate Dead returns a creature card from its controller’s graveyard, attached and with -1/-0', () => {
    const g = reanimate({ graveyard: ['Craw Wurm'] });
    const wurm = find(g, 'Craw Wurm');
    expect([wurm.controller, wurm.power, wurm.toughness]).toEqual([0, 5, 4]);
    const aura = find(g, 'Animate Dead');
    expect(aura.attachedTo).toBe(wurm.id);
    // Its own "enchant creature card in a graveyard" spell is overwritten (`OverwriteSpells$`).
    const c = chars(g.internals, g.internals.s.objects[aura.id]!);
    expect(c.abilities).toEqual(['Animate Dead|0|v|NewAttach']);
    expect(c.keywords).toEqual(['Enchant creature put onto the battlefield with CARDNAME']);
  });

  it('Animate Dead takes a creature card from the opponent’s graveyard; when it leaves, the creature is sacrificed', () => {
    const g = reanimate({ battlefield: ['Swamp', 'Swamp', 'Plains', 'Plains'], hand: ['Animate Dead', 'Disenchant'] }, { graveyard: ['Craw Wurm'] });
    expect(find(g, 'Craw Wurm').controller).toBe(0);
    pick(g, 'cast Disenchant');
    for (let i = 0; i < 20 && g.pending() && (g.internals.s.stack.length > 0 || g.pending()?.kind !== 'priority'); i++) g.choose(0);
    expect(g.view(0).battlefield.map((c) => c.name)).not.toContain('Craw Wurm');
    // Its owner's graveyard, as ever.
    expect(g.internals.s.zones['graveyard-1']!.map((id) => g.internals.s.objects[id]!.card)).toContain('Craw Wurm');
  });

  it('Orgg can’t attack while the defending player controls an untapped creature with power 3 or greater', () => {
    const attackers = (g: Game): string[] => {
      for (let i = 0; i < 50; i++) {
        const p = g.pending();
        if (!p || p.turn > 1) return [];
        if (p.kind === 'attackers') return p.options.map((o) => o.label).filter((l) => l.includes('Orgg'));
        g.choose(0);
      }
      return [];
    };
    expect(attackers(game({ battlefield: ['Orgg'] }, { battlefield: ['Craw Wurm'] }))).toEqual([]);
    expect(attackers(game({ battlefield: ['Orgg'] }, { battlefield: [{ name: 'Craw Wurm', tapped: true }] }))).not.toEqual([]);
    expect(attackers(game({ battlefield: ['Orgg'] }, { battlefield: ['Grizzly Bears'] }))).not.toEqual([]);
  });

  it('Island Sanctuary: in its controller’s draw step, it may skip the draw; other draws are not replaced', () => {
    const toDrawStep = (yes: boolean): Game => {
      const g = game({ battlefield: ['Island Sanctuary', 'Island', 'Island', 'Island', 'Island'], hand: ['Ancestral Recall'] });
      // An instant's draw in the main phase is not in the draw step: no choice, three cards.
      pick(g, 'cast Ancestral Recall');
      for (let i = 0; i < 10 && g.pending()?.kind !== 'priority'; i++) g.choose(0);
      pick(g, 'pass');
      expect(g.pending()?.kind).not.toBe('yes-no');
      for (let i = 0; i < 200; i++) {
        const p = g.pending()!;
        if (p.kind === 'yes-no' && p.seat === 0) break;
        g.choose(0);
      }
      expect(g.pending()?.turn).toBe(3);
      pick(g, yes ? 'yes' : 'no');
      return g;
    };
    const hand = (g: Game) => g.internals.s.zones['hand-0']!.length;
    expect(hand(toDrawStep(true))).toBe(hand(toDrawStep(false)) - 1);
  });

  it('Vesuvan Doppelganger copies a creature but stays blue, and keeps its upkeep copy ability', () => {
    const g = game(
      { battlefield: ['Island', 'Island', 'Island', 'Island', 'Island'], hand: ['Vesuvan Doppelganger'] },
      { battlefield: ['Craw Wurm', 'Grizzly Bears'] },
    );
    pick(g, 'cast Vesuvan Doppelganger');
    for (let i = 0; i < 20 && g.pending()?.kind !== 'choose'; i++) g.choose(0);
    pick(g, 'Craw Wurm');
    const mine = () => g.view(0).battlefield.filter((c) => c.controller === 0 && c.power !== null);
    expect(mine().map((c) => [c.name, c.power, c.toughness, c.colours])).toEqual([['Craw Wurm', 6, 4, ['U']]]);
    // Its next upkeep: it may become a copy of target creature, except it has this ability.
    for (let i = 0; i < 200 && !(g.pending()?.kind === 'targets' && g.pending()?.seat === 0); i++) g.choose(0);
    expect(g.pending()?.turn).toBe(3);
    pick(g, 'target Grizzly Bears');
    for (let i = 0; i < 20 && g.pending()?.kind !== 'yes-no'; i++) g.choose(0);
    pick(g, 'yes');
    expect(mine().map((c) => [c.name, c.power, c.toughness, c.colours])).toEqual([['Grizzly Bears', 2, 2, ['U']]]);
    const copy = g.internals.s.objects[mine()[0]!.id]!;
    expect(copy.copyOf?.except?.triggers).toEqual(['Vesuvan Doppelganger|0|v|VesDopUpkeepTrig']);
  });
});
