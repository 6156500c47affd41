// Faults the 150-card plays-as-printed audit found (issue #20, docs/mtg/coverage-audit.md), each
// on fixture cards written as the corpus writes the card it was seen on, so the fix is tested
// without the corpus too (the audit's puzzles test the real cards).
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { act, board, field, find, labels, registryOf, resolveStack, zone } from './helpers.js';

const AUDIT_CARDS: Record<string, string[]> = {
  // Nightmare, Uktabi Wildcats: a characteristic-defining ability without Affected$.
  'Aud Nightmare': [
    'Name:Aud Nightmare',
    'ManaCost:5 B',
    'Types:Creature Nightmare',
    'PT:*/*',
    "S:Mode$ Continuous | EffectZone$ All | CharacteristicDefining$ True | SetPower$ X | SetToughness$ X | Description$ CARDNAME's power and toughness are each equal to the number of Swamps you control.",
    'SVar:X:Count$Valid Swamp.YouCtrl',
  ],
  // Raise Dead, Junktroller: a ChangeZone from the graveyard with no TgtZone$.
  'Aud Raise Dead': [
    'Name:Aud Raise Dead',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ ChangeZone | Cost$ B | Origin$ Graveyard | Destination$ Hand | TgtPrompt$ Choose target creature card in your graveyard | ValidTgts$ Creature.YouCtrl | SpellDescription$ Return target creature card from your graveyard to your hand.',
  ],
  // Rapid Hybridization: "that creature's controller" after the creature was destroyed.
  'Aud Hybridize': [
    'Name:Aud Hybridize',
    'ManaCost:U',
    'Types:Instant',
    'A:SP$ Destroy | Cost$ U | ValidTgts$ Creature | SubAbility$ DBToken | SpellDescription$ Destroy target creature. Its controller creates a 3/3 Frog.',
    'SVar:DBToken:DB$ Token | TokenAmount$ 1 | TokenName$ Aud Frog | TokenTypes$ Creature,Frog | TokenOwner$ TargetedController | TokenColors$ Green | TokenPower$ 3 | TokenToughness$ 3',
  ],
  // Metamorphic Alteration: Defined$ is what is copied, CloneTarget$ what becomes the copy.
  'Aud Copier': [
    'Name:Aud Copier',
    'ManaCost:U',
    'Types:Creature Shapeshifter',
    'PT:1/1',
    'A:AB$ Clone | Cost$ T | ValidTgts$ Creature.Other+YouCtrl | TgtPrompt$ Select another creature you control | Defined$ Self | CloneTarget$ Targeted | SpellDescription$ Target creature becomes a copy of CARDNAME.',
  ],
  // Witchbane Orb: a player's hexproof from a static.
  'Aud Orb': ['Name:Aud Orb', 'ManaCost:4', 'Types:Artifact', 'S:Mode$ Continuous | Affected$ You | AddKeyword$ Hexproof | Description$ You have hexproof.'],
  // Patrol Signaler: the untap symbol written Untap.
  'Aud Signaler': [
    'Name:Aud Signaler',
    'ManaCost:1 W',
    'Types:Creature Kithkin',
    'PT:1/1',
    'A:AB$ GainLife | Cost$ Untap | LifeAmount$ 1 | SpellDescription$ You gain 1 life.',
  ],
  // Wretched Banquet: the leastPower property.
  'Aud Banquet': [
    'Name:Aud Banquet',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ Destroy | Cost$ B | ValidTgts$ Creature | TgtPrompt$ Select target creature | ConditionDefined$ Targeted | ConditionPresent$ Creature.leastPower | ConditionCompare$ EQ1 | SpellDescription$ Destroy target creature if it has the least power or is tied for least power among creatures on the battlefield.',
  ],
  // Ruham Djinn: the MostProminentColor property.
  'Aud Djinn': [
    'Name:Aud Djinn',
    'ManaCost:5 W',
    'Types:Creature Djinn',
    'PT:5/5',
    'S:Mode$ Continuous | Affected$ Card.Self+MostProminentColor white | AddPower$ -2 | AddToughness$ -2 | Description$ CARDNAME gets -2/-2 as long as white is the most common color among all permanents or is tied for most common.',
  ],
  // Chill Haunting: X chosen while paying "exile X creature cards from your graveyard".
  'Aud Haunting': [
    'Name:Aud Haunting',
    'ManaCost:1 B',
    'Types:Instant',
    'A:SP$ Pump | Cost$ 1 B ExileFromGrave<X/Creature> | ValidTgts$ Creature | TgtPrompt$ Select target creature | NumAtt$ -ChosenX | NumDef$ -ChosenX | IsCurse$ True | SpellDescription$ Target creature gets -X/-X until end of turn.',
    'SVar:X:XChoice',
  ],
};

function registry(): CardRegistry {
  return registryOf(FIXTURE_CARDS, AUDIT_CARDS);
}

describe('faults of the 150-card audit', () => {
  it('a characteristic-defining ability without Affected$ defines its own card on the battlefield (CR 604.3)', () => {
    const game = board({ battlefield: ['Aud Nightmare', 'Test Swamp', 'Test Swamp', 'Test Swamp'] }, {}, { registry: registry() });
    const n = find(game, 'Aud Nightmare');
    expect([n.power, n.toughness]).toEqual([3, 3]);
  });

  it('a ChangeZone with no TgtZone$ targets in its Origin$: Raise Dead targets the graveyard, not the battlefield', () => {
    const game = board({ hand: ['Aud Raise Dead'], battlefield: ['Test Swamp', 'Test Bear'], graveyard: ['Test Ogre'] }, {}, { registry: registry() });
    act(game, 'cast Aud Raise Dead');
    resolveStack(game);
    expect(zone(game, 'hand-0')).toEqual(['Test Ogre']);
    expect(field(game, 0)).toContain('Test Bear');
  });

  it("TargetedController still names the destroyed creature's controller (CR 608.2h)", () => {
    const game = board({ hand: ['Aud Hybridize'], battlefield: ['Test Island'] }, { battlefield: ['Test Ogre'] }, { registry: registry() });
    act(game, 'cast Aud Hybridize');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toContain('Test Ogre');
    expect(field(game, 1)).toEqual(['Aud Frog']);
    expect(field(game, 0)).not.toContain('Aud Frog');
  });

  it('Clone: the CloneTarget$ object becomes a copy of the Defined$ one, not the reverse (CR 707.2)', () => {
    const game = board({ battlefield: ['Aud Copier', 'Test Giant'] }, {}, { registry: registry() });
    act(game, 'activate Aud Copier');
    resolveStack(game);
    expect(field(game, 0).sort()).toEqual(['Aud Copier', 'Aud Copier']);
  });

  it("a player with hexproof from a static is not a target of the opponent's spells (CR 702.11)", () => {
    const game = board(
      { battlefield: ['Aud Orb', 'Test Mountain'], hand: ['Test Bolt'] },
      { battlefield: ['Test Mountain', 'Test Bear'], hand: ['Test Bolt'] },
      { registry: registry(), active: 1 },
    );
    act(game, 'cast Test Bolt');
    expect(labels(game).filter((l) => l.startsWith('target p'))).toEqual(['target p2']);
  });

  it('the untap symbol written Untap is an untap cost (CR 107.6)', () => {
    const game = board({ battlefield: [{ name: 'Aud Signaler', tapped: true }] }, {}, { registry: registry() });
    act(game, 'activate Aud Signaler');
    resolveStack(game);
    expect(game.state.players[0].life).toBe(21);
    expect(find(game, 'Aud Signaler').tapped).toBe(false);
  });

  it('leastPower: the target with the least power is destroyed, a bigger one is not', () => {
    const game = board(
      { hand: ['Aud Banquet', 'Aud Banquet'], battlefield: ['Test Swamp', 'Test Swamp'] },
      { battlefield: ['Test Bear', 'Test Ogre'] },
      { registry: registry() },
    );
    act(game, 'cast Aud Banquet');
    act(game, 'target Test Ogre');
    resolveStack(game);
    expect(field(game, 1)).toContain('Test Ogre');
    act(game, 'cast Aud Banquet');
    act(game, 'target Test Bear');
    resolveStack(game);
    expect(field(game, 1)).toEqual(['Test Ogre']);
  });

  it('XChoice: X is chosen as the cost is paid, from 0 to what can be paid, and the effect reads it as ChosenX (CR 601.2b)', () => {
    const game = board(
      { hand: ['Aud Haunting'], battlefield: ['Test Swamp', 'Test Swamp'], graveyard: ['Test Bear', 'Test Ogre', 'Test Bolt'] },
      { battlefield: ['Test Ogre'] },
      { registry: registry() },
    );
    act(game, 'cast Aud Haunting');
    expect(labels(game)).toEqual(['X = 2', 'X = 1', 'X = 0']);
    act(game, 'X = 2');
    resolveStack(game);
    expect(zone(game, 'exile').sort()).toEqual(['Test Bear', 'Test Ogre']);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Ogre']);
  });

  it('MostProminentColor: white most common (or tied) among permanents, green ahead of it', () => {
    const alone = board({ battlefield: ['Aud Djinn', 'Test Bear'] }, {}, { registry: registry() });
    expect(find(alone, 'Aud Djinn').power).toBe(3);
    const outnumbered = board({ battlefield: ['Aud Djinn', 'Test Bear', 'Test Giant'] }, {}, { registry: registry() });
    expect(find(outnumbered, 'Aud Djinn').power).toBe(5);
  });
});
