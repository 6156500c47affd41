// Rules the published lines of Forge's puzzles rely on, found by playing those lines through the
// engine (docs/mtg/puzzles.md, "Published lines played through"). Real cards of the Forge corpus:
// needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { heuristicSeat } from '../../../src/mtg/controllers/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play, startScenario } from './scenario.js';

describe('"whenever [this] deals damage" outside combat', needsCorpus('cards'), () => {
  // Pauper Puzzles #02: Armadillo Cloak on the opponent's Ulamog's Crusher, then Prey Upon. The
  // Crusher deals 10 damage to Pharika's Chosen (CR 701.12b: fighting creatures deal damage to
  // each other), and the Cloak's controller gains 10; the Chosen's deathtouch kills the Crusher.
  it("Armadillo Cloak's controller gains the life its creature deals in a fight", () => {
    passes(
      play(
        "p0life=2\np0hand=Armadillo Cloak;Prey Upon\np0battlefield=Forest;Forest;Plains;Forest;Pharika's Chosen\np1battlefield=Ulamog's Crusher",
        "cast Armadillo Cloak targeting Ulamog's Crusher\n*\ncast Prey Upon targeting Pharika's Chosen targeting Ulamog's Crusher",
        "life eq 12\nopponent graveyard contains Ulamog's Crusher",
      ),
    );
  });
});

describe('a restriction with a condition reads power after every layer', needsCorpus('cards'), () => {
  // Possibility Storm's Amonkhet #06: Rhonas the Indomitable attacks beside a creature whose power
  // is 4 or greater only through an effect (CR 508.1c checks the restriction as attackers are declared).
  it('Rhonas the Indomitable attacks once Giant Growth makes Grizzly Bears 5/5', () => {
    passes(
      play(
        'p0hand=Giant Growth\np0battlefield=Forest;Rhonas the Indomitable;Grizzly Bears',
        'cast Giant Growth targeting Grizzly Bears\n*\nattack Rhonas the Indomitable\ndone',
        'opponent life eq 15',
      ),
    );
  });
});

describe('"the chosen type in addition to their other types"', needsCorpus('cards'), () => {
  // Possibility Storm's Ixalan #06: Arcane Adaptation naming Pirate makes every creature of its
  // controller a Pirate, so Admiral Beckett Brass's "other Pirates you control get +1/+1" reaches them.
  it("Arcane Adaptation naming Pirate: Grizzly Bears gets the Admiral's +1/+1", () => {
    passes(play('p0battlefield=Arcane Adaptation|ChosenType:Pirate;Admiral Beckett Brass;Grizzly Bears', '', 'power eq 3 Grizzly Bears'));
  });
});

describe('"if it hasn\'t been exerted this turn"', needsCorpus('cards'), () => {
  // Possibility Storm's Ixalan #03: Combat Celebrant exerted as it attacks untaps the others and
  // adds a combat (CR 701.43a); exerted, it is not offered the exert again in that combat.
  it('Combat Celebrant is asked to exert; the Bears attack again in the extra combat', () => {
    passes(
      play(
        'p0battlefield=Combat Celebrant;Grizzly Bears',
        'attack Combat Celebrant\nattack Grizzly Bears\nyes\n*\nattack Grizzly Bears',
        'opponent life eq 12',
      ),
    );
  });
});

describe('a count stored on the host, with math (StoreSVar Type$ CountSVar)', needsCorpus('cards'), () => {
  // Perplexing Chimera 06/02/15: Soulbright Flamekin's third resolution in a turn may add R × 8.
  it('Soulbright Flamekin resolved three times adds eight red mana: enough for Lava Axe after six Mountains are spent', () => {
    passes(
      play(
        'p0hand=Lava Axe\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain;Mountain;Soulbright Flamekin;Grizzly Bears',
        [1, 2, 3].map(() => 'activate Soulbright Flamekin targeting Grizzly Bears\n*').join('\n') + '\ncast Lava Axe targeting opponent',
        'opponent life eq 15',
      ),
    );
  });
});

describe("raid reads whether the ability's controller attacked", needsCorpus('cards'), () => {
  // Perplexing Chimera 04/14/15: the opponent's Bellowing Saddlebrute returns to the battlefield
  // in your turn, after you attacked; its controller did not attack this turn, so they lose 4.
  it("the opponent's Saddlebrute returning in your turn after your attack costs them 4 life", () => {
    passes(
      play(
        'p0hand=Oblivion Ring;Disenchant\np0battlefield=Plains;Plains;Plains;Plains;Plains;Wind Drake\np1battlefield=Bellowing Saddlebrute',
        'attack Wind Drake\n*\ncast Oblivion Ring\n*\ntarget Bellowing Saddlebrute\npass\ncast Disenchant',
        'opponent life eq 14\nopponent battlefield contains Bellowing Saddlebrute',
      ),
    );
  });
});

describe('a property compared with a defined card (Remembered.sameName, TriggeredCard.sharesCreatureTypeWith)', needsCorpus('cards'), () => {
  // Pauper Puzzles #05: Echoing Truth returns the target and every other permanent of its name.
  it('Echoing Truth on one Grizzly Bears returns both, on either side, and leaves the Elves', () => {
    passes(
      play(
        'p0hand=Echoing Truth\np0battlefield=Island;Island;Grizzly Bears;Llanowar Elves\np1battlefield=Grizzly Bears',
        'cast Echoing Truth targeting Grizzly Bears',
        'battlefield count eq 3\nopponent battlefield count eq 0\nme hand contains Grizzly Bears\nopponent hand contains Grizzly Bears',
      ),
    );
  });
  // Perplexing Chimera 02/16/16: Faces of the Past taps the creatures sharing a type with the one
  // that died (`TaporUntapAll`, its controller choosing tap or untap).
  it("Faces of the Past: a Human dies, and the enchantment's controller taps the untapped Humans, not the Elf", () => {
    passes(
      play(
        'p0hand=Shock\np0battlefield=Mountain;Faces of the Past;Llanowar Elves;Benalish Knight\np1battlefield=Elite Vanguard',
        'cast Shock targeting Elite Vanguard\n*\nyes',
        'tapped Benalish Knight\nuntapped Llanowar Elves\nopponent graveyard contains Elite Vanguard',
      ),
    );
  });
});

describe('Dig with AnyNumber$ True', needsCorpus('cards'), () => {
  // Perplexing Chimera 04/14/15: Taigam's Scheming puts any number of the top five into the
  // graveyard and the rest back on top in the order its caster chooses.
  it("Taigam's Scheming: two of five to the graveyard, the other three on top, Island first", () => {
    passes(
      play(
        "p0hand=Taigam's Scheming\np0battlefield=Island;Island\np0library=Mountain;Forest;Plains;Swamp;Island;Wastes",
        "cast Taigam's Scheming\nchoose Mountain\nchoose Forest\ndone\nchoose Island\nchoose Plains",
        'graveyard contains Mountain\ngraveyard contains Forest\nlibrary top 1 contains Island\nNOT library top 1 contains Plains\nlibrary top 2 contains Plains\nNOT library top 2 contains Swamp\nlibrary top 3 contains Swamp',
      ),
    );
  });
});

describe("protection from the host's chosen colour that does not remove the host", needsCorpus('cards'), () => {
  // Pauper Puzzles #15: Cho-Manno's Blessing gives its creature protection from the colour chosen
  // as the Aura entered (CR 702.16), and that protection does not make the Aura fall off.
  it("Cho-Manno's Blessing naming red: Pyroclasm deals the Bears no damage", () => {
    passes(
      play(
        "p0hand=Cho-Manno's Blessing;Pyroclasm\np0battlefield=Plains;Plains;Mountain;Mountain;Grizzly Bears",
        "cast Cho-Manno's Blessing targeting Grizzly Bears\n*\nchoose Red\n*\ncast Pyroclasm",
        "battlefield contains Grizzly Bears\nbattlefield contains Cho-Manno's Blessing",
      ),
    );
  });
  it("Cho-Manno's Blessing naming white stays on the Bears", () => {
    passes(
      play(
        "p0hand=Cho-Manno's Blessing\np0battlefield=Plains;Plains;Grizzly Bears",
        "cast Cho-Manno's Blessing targeting Grizzly Bears\n*\nchoose White",
        "battlefield contains Cho-Manno's Blessing\nNOT graveyard contains Cho-Manno's Blessing",
      ),
    );
  });
});

describe('"share a creature type with" a defined card', needsCorpus('cards'), () => {
  // Pauper Puzzles #22: Crown of Suspicion, sacrificed, pumps the creature it was on and every
  // creature sharing a creature type with it (read as the Aura last was, CR 608.2h).
  it('Crown of Suspicion sacrificed: the other Elves get +2/-1 (the 1/1 dies), the Bears do not', () => {
    passes(
      play(
        'p0battlefield=Elvish Warrior|Id:101;Crown of Suspicion|Attaching:101\np1battlefield=Elvish Mystic;Grizzly Bears',
        'activate Crown of Suspicion',
        'battlefield contains Elvish Warrior\nopponent graveyard contains Elvish Mystic\nopponent battlefield contains Grizzly Bears\ngraveyard contains Crown of Suspicion',
      ),
    );
  });
});

describe('Coat of Arms: +1/+1 for each other creature sharing a creature type', needsCorpus('cards'), () => {
  it('two Grizzly Bears and a Llanowar Elves: each Bear is 3/3, the Elves 1/1', () => {
    passes(play('p0battlefield=Coat of Arms;Grizzly Bears;Grizzly Bears;Llanowar Elves', '', 'power eq 3 Grizzly Bears\npower eq 1 Llanowar Elves'));
  });
});

describe("an ability reads its source's power as the source last was", needsCorpus('cards'), () => {
  // Pauper Puzzles #14: Aerie Ouphes sacrificed to its own ability deals damage equal to its power
  // as it was sacrificed (CR 113.7a, 608.2h), not that of the object persist returns.
  it('Aerie Ouphes with three +1/+1 counters, sacrificed, deals 4 to Serra Angel', () => {
    passes(
      play(
        'p0battlefield=Aerie Ouphes|Counters:P1P1=3\np1battlefield=Serra Angel',
        'activate Aerie Ouphes targeting Serra Angel',
        'opponent graveyard contains Serra Angel',
      ),
    );
  });
});

describe('a spell cast only targeting a tapped permanent', needsCorpus('cards'), () => {
  // Inquest Gamer's Dead Man's Hand #02: Dream Leash ("you can cast Dream Leash only targeting a
  // tapped permanent") may target a tapped creature, not the untapped Grizzly Bears or an untapped Island.
  it('Dream Leash: the untapped Bears are refused, the tapped Giant taken', () => {
    passes(
      play(
        'p0hand=Dream Leash\np0battlefield=Island;Island;Island;Island;Island\np1battlefield=Grizzly Bears;Hill Giant|Tapped;Wind Drake|Tapped',
        'expect-refused cast Dream Leash targeting Grizzly Bears\ntarget Hill Giant',
        'battlefield contains Hill Giant\nopponent battlefield contains Grizzly Bears\nopponent battlefield contains Wind Drake',
      ),
    );
  });
});

describe('a player property counting what the player controls', needsCorpus('cards'), () => {
  // Pauper Puzzles #22: Thornbow Archer attacking makes each opponent who controls no Elf lose 1.
  it('Thornbow Archer attacks: the opponent without an Elf loses 1 besides the damage; with one, only the damage', () => {
    passes(play('p0battlefield=Thornbow Archer', 'attack Thornbow Archer', 'opponent life eq 18'));
    passes(play('p0battlefield=Thornbow Archer\np1battlefield=Llanowar Elves|Tapped', 'attack Thornbow Archer', 'opponent life eq 19'));
  });
});

describe('the automatic payer and mana abilities that cost life', needsCorpus('cards'), () => {
  // Possibility Storm's Iconic Masters puzzle: Horizon Canopy ({T}, pay 1 life: add {G} or {W})
  // pays for a spell like a land does; only when a free source cannot, since it costs life.
  it('Grizzly Bears is offered with a Plains and Horizon Canopy, and paying costs 1 life', () => {
    passes(play('p0hand=Grizzly Bears\np0battlefield=Plains;Horizon Canopy', 'cast Grizzly Bears', 'battlefield contains Grizzly Bears\nlife eq 19'));
  });
  it('with a Forest beside them, the Canopy stays untapped and no life is paid', () => {
    passes(
      play(
        'p0hand=Grizzly Bears\np0battlefield=Plains;Forest;Horizon Canopy',
        'cast Grizzly Bears',
        'battlefield contains Grizzly Bears\nlife eq 20\nuntapped Horizon Canopy',
      ),
    );
  });
});

describe('"for each permanent put into a graveyard this way" (inRealZoneGraveyard)', needsCorpus('cards'), () => {
  // DeepScry's terastodon_etb_elephant_tokens: Terastodon destroys up to three noncreature
  // permanents, and each one's controller creates a 3/3 Elephant for each that went to a
  // graveyard. An indestructible target is not destroyed (CR 702.12b), so its controller gets none.
  it('two Forests destroyed give two Elephants; an indestructible Darksteel Relic gives none', () => {
    passes(
      play(
        'p0hand=Terastodon\np0battlefield=Forest;Forest;Forest;Forest;Forest;Forest;Forest;Forest;Forest;Forest\np1battlefield=Darksteel Relic',
        'cast Terastodon\n*\ntarget Forest\ntarget Forest\ntarget Darksteel Relic',
        'me battlefield count eq 11\nopponent battlefield count eq 1\nopponent battlefield contains Darksteel Relic',
      ),
    );
  });
});

describe('"as this enters, pay any amount of life" (a replacement with a cost)', needsCorpus('cards'), () => {
  // DeepScry's phyrexian_processor_e2e: the life is paid as Phyrexian Processor enters (CR 614.12,
  // 119.4), chosen by its controller, and its Minions are as large as the life paid.
  it('Phyrexian Processor entering for 7 life makes 7/7 Minions', () => {
    passes(
      play(
        'p0hand=Phyrexian Processor\np0battlefield=Swamp;Swamp;Swamp;Swamp;Swamp;Swamp;Swamp;Swamp',
        'cast Phyrexian Processor\n*\nchoose 7\nactivate Phyrexian Processor',
        'life eq 13\npower eq 7 Minion\ntoughness eq 7 Minion',
      ),
    );
  });
});

describe('the heuristic AI pays half its life where "any amount" is asked', needsCorpus('cards'), () => {
  it('Phyrexian Processor: the heuristic pays 10 of 20', () => {
    const { game, registry } = startScenario('p0hand=Phyrexian Processor\np0battlefield=Swamp;Swamp;Swamp;Swamp');
    const ai = heuristicSeat('processor', registry);
    for (let point = game.pending(); point && point.kind !== 'x'; point = game.pending()) game.choose(ai.choose(game.view(0), point));
    const point = game.pending()!;
    expect(point.options[ai.choose(game.view(0), point)]!.label).toBe('X = 10');
  });
});
