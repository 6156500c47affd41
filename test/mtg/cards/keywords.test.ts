// Keyword expansion: each registered keyword becomes the ordinary lines Forge generates for it;
// keywords without a module stay `kw:` primitives; bad arguments are diagnostics, not crashes.
import { describe, expect, it } from 'vitest';
import { expandedKeywords, keywordExpander, parseKeyword, registerKeyword } from '../../../src/mtg/cards/index.js';
import { abilityTree } from '../../../src/mtg/cards/index.js';
import type { Card } from '../../../src/mtg/cards/index.js';
import { codes, compile } from './support.js';

function creature(...keywords: string[]): Card {
  return compile(['Name:Keyword Test', 'ManaCost:3', 'Types:Creature Spirit', 'PT:2/2', ...keywords.map((k) => `K:${k}`)]).card;
}

/** Each expanded node as [kind, head] plus the heads of its sub-ability tree. */
function shape(card: Card): string[] {
  const face = card.faces[0]!;
  const out: string[] = [];
  for (const node of [...face.abilities, ...face.triggers]) {
    if (!node.origin) continue;
    const subs = abilityTree(face, node).children.map((c) => c.tree?.node.head ?? '?');
    out.push([`${node.kind}:${node.head}`, ...subs].join(' → '));
  }
  return out;
}

describe('keyword modules', () => {
  it('registers one module per keyword', () => {
    expect(expandedKeywords()).toEqual([
      'Adapt',
      'Affinity',
      'Afflict',
      'Afterlife',
      'Annihilator',
      'Awaken',
      'Battle cry',
      'Bestow',
      'Bloodthirst',
      'Bushido',
      'Cascade',
      'Champion',
      'Conspire',
      'Crew',
      'Cumulative upkeep',
      'Cycling',
      'Dash',
      'Dethrone',
      'Devour',
      'Embalm',
      'Equip',
      'Eternalize',
      'Evoke',
      'Evolve',
      'Exalted',
      'Exploit',
      'Extort',
      'Fabricate',
      'Fading',
      'Flanking',
      'Fortify',
      'Graft',
      'Haunt',
      'Ingest',
      'Level up',
      'Living weapon',
      'Madness',
      'Mentor',
      'Miracle',
      'Modular',
      'Monstrosity',
      'Ninjutsu',
      'Outlast',
      'Persist',
      'Provoke',
      'Prowess',
      'Rampage',
      'Rebound',
      'Reinforce',
      'Renown',
      'Replicate',
      'Riot',
      'Saga',
      'Scavenge',
      'Soulbond',
      'Soulshift',
      'Storm',
      'Suspend',
      'Transmute',
      'Tribute',
      'TypeCycling',
      'Undying',
      'Unearth',
      'Unleash',
      'UpkeepCost',
      'Vanishing',
    ]);
    expect(keywordExpander('prowess')?.name).toBe('Prowess');
  });

  // The third element: keywords the expansion itself grants (Unearth gives haste), the only kw:
  // primitives the expanded card may have.
  const cases: Array<[string, string[], string[]?]> = [
    ['Prowess', ['trigger:SpellCast → Pump']],
    ['Exalted', ['trigger:Attacks → Pump']],
    ['Flanking', ['trigger:AttackerBlockedByCreature → Pump']],
    ['Battle cry', ['trigger:Attacks → PumpAll']],
    ['Bushido:2', ['trigger:Blocks → Pump', 'trigger:AttackerBlocked → Pump']],
    ['Annihilator:2', ['trigger:Attacks → Sacrifice']],
    ['Soulshift:3', ['trigger:ChangesZone → ChangeZone']],
    ['Equip:2', ['ability:Attach']],
    ['Fortify:3', ['ability:Attach']],
    ['Cycling:1 U', ['ability:Draw']],
    ['TypeCycling:Swamp:2', ['ability:ChangeZone']],
    ['Outlast:1 W', ['ability:PutCounter']],
    ['Level up:2', ['ability:PutCounter']],
    ['Transmute:1 U U', ['ability:ChangeZone']],
    ['Persist', ['trigger:ChangesZone → ChangeZone']],
    ['Unearth:1 B', ['ability:ChangeZone → Pump'], ['kw:Haste']],
    ['Undying', ['trigger:ChangesZone → ChangeZone']],
    // The counters it enters with are the engine's etbCounter keyword, which the expansion adds.
    ['Fading:3', ['trigger:Phase → Sacrifice'], ['kw:etbCounter']],
    ['Vanishing:4', ['trigger:Phase → RemoveCounter'], ['kw:etbCounter']],
    ['Renown:1', ['trigger:DamageDone → PutCounter']],
    ['Monstrosity:3:5 R', ['ability:PutCounter']],
    ['Monstrosity:X:X G G', ['ability:PutCounter']],
    ['Reinforce:1:1 W', ['ability:PutCounter']],
    ['Reinforce:X:X W W', ['ability:PutCounter']],
    ['Adapt:2:2 G', ['ability:PutCounter']],
    ['Dethrone', ['trigger:Attacks → PutCounter']],
    ['Provoke', ['trigger:Attacks → Untap']],
    // The sacrifice and the counters are an "as it enters" ability: the engine's ETBReplacement keyword.
    ['Devour:2', [], ['kw:ETBReplacement']],
    // The cost is the engine's Crew<N> (tap creatures with total power N).
    ['Crew:3', ['ability:Animate']],
    ['Bloodthirst:2', []],
    ['Storm', ['trigger:SpellCast → CopySpellAbility']],
    // The additional costs are the engine's (optional-costs.ts): the keyword is given back for them.
    ['Replicate:1 R', ['trigger:SpellCast → CopySpellAbility'], ['kw:Replicate']],
    ['Conspire', ['trigger:SpellCast → CopySpellAbility'], ['kw:Conspire']],
    ['Affinity:Artifact', []],
    ['Afflict:2', ['trigger:AttackerBlocked → LoseLife']],
    ['Extort', ['trigger:SpellCast → LoseLife']],
    ['Fabricate:2', ['trigger:ChangesZone → GenericChoice']],
    ['Ingest', ['trigger:DamageDone → Mill']],
    ['Riot', [], ['kw:Haste']],
    // The alternative cost is the engine's: the keyword is given back for it (alt-costs.ts).
    ['Evoke:2 U', ['trigger:ChangesZone → Sacrifice'], ['kw:Evoke']],
    // Cast bestowed, an Aura spell targeting a creature: a second spell ability with the bestow cost.
    ['Bestow:3 G G', ['ability:Attach']],
    ['Bestow:5 U U:GainControl', ['ability:Attach']],
    // Two enters triggers (this one, another creature you control) whose Bond pairs the two.
    ['Soulbond', ['trigger:ChangesZone → Bond', 'trigger:ChangesZone → Bond']],
    ['Dash:2 R', ['trigger:Phase → ChangeZone'], ['kw:Dash', 'kw:Haste']],
    // Rebound's exile is the engine's: the keyword is given back naming its delayed trigger.
    ['Rebound', [], ['kw:Rebound']],
    // Madness's exile instead of the graveyard is the engine's; the trigger casts it for the cost.
    ['Madness:1 R', ['trigger:Discarded → Play'], ['kw:Madness']],
    // Miracle's reveal is the engine's (miracle.ts); the trigger casts it for the cost.
    ['Miracle:R', ['trigger:Drawn → Play'], ['kw:Miracle']],
    // Suspend's hand ability is a special action the engine takes at once (by its origin).
    ['Suspend:4:U', ['ability:ChangeZone → PutCounter', 'trigger:Phase → RemoveCounter'], ['kw:Haste']],
    // Upkeep costs are triggers that use the stack (CR 603, 702.24a).
    ['UpkeepCost:B', ['trigger:Phase → PayUpkeepCost']],
    ['Cumulative upkeep:PayLife<1>:Pay 1 life.', ['trigger:Phase → PayUpkeepCost']],
    ['Afterlife:2', ['trigger:ChangesZone → Token'], ['kw:Flying']],
    ['Scavenge:3 B G', ['ability:PutCounter']],
    // The counters it enters with are the engine's etbCounter keyword, which the expansion adds.
    ['Modular:2', ['trigger:ChangesZone → PutCounter'], ['kw:etbCounter']],
    ['Graft:2', ['trigger:ChangesZone → MoveCounter'], ['kw:etbCounter']],
    ['Mentor', ['trigger:Attacks → PutCounter']],
    ['Rampage:2', ['trigger:AttackerBlocked → Pump']],
    ['Evolve', ['trigger:ChangesZone → PutCounter']],
    // The sacrifice marked Exploit$: the engine raises the Exploited event for what it sacrificed.
    ['Exploit', ['trigger:ChangesZone → Sacrifice']],
    // The optional counter as it enters is the engine's ETBReplacement keyword.
    ['Unleash', [], ["kw:CARDNAME can't block.", 'kw:ETBReplacement']],
    ['Cascade', ['trigger:SpellCast → DigUntil']],
    ['Embalm:W', ['ability:CopyPermanent']],
    ['Eternalize:5 U U', ['ability:CopyPermanent']],
    ['Living weapon', ['trigger:ChangesZone → Token']],
    ['Ninjutsu:1 U', ['ability:ChangeZone']],
    ['Champion:Goblin,Shaman', ['trigger:ChangesZone → ChangeZone', 'trigger:ChangesZone → ChangeZone']],
  ];
  for (const [keyword, expected, grants = []] of cases) {
    it(`expands ${keyword}`, () => {
      const card = creature(keyword);
      expect(card.diagnostics).toEqual([]);
      expect(shape(card)).toEqual(expected);
      expect(card.faces[0]!.keywords[0]!.expandedBy).toBe(parseKeyword(keyword).name);
      expect(card.primitives.filter((p) => p.startsWith('kw:'))).toEqual(grants);
    });
  }

  it('writes Haunt on a creature as Forge does: enters and haunted-dies triggers running its SVar, and a dies trigger that haunts (CR 702.55)', () => {
    const lines = ['Name:Haunt Test', 'ManaCost:3', 'Types:Creature Spirit', 'PT:2/2', 'SVar:TrigDrain:DB$ LoseLife | Defined$ Opponent | LifeAmount$ 2'];
    const { card, diagnostics } = compile([...lines, 'K:Haunt:TrigDrain']);
    expect(diagnostics).toEqual([]);
    expect(shape(card)).toEqual(['trigger:ChangesZone → LoseLife', 'trigger:ChangesZone → Haunt', 'trigger:ChangesZone → LoseLife']);
    expect(card.faces[0]!.triggers.some((t) => t.params.TriggerZones === 'Exile' && t.params.ValidCard === 'Creature.HauntedBy')).toBe(true);
    // On an instant or sorcery it is not expanded (not implemented): it stays a kw: primitive the
    // coverage report counts, with no diagnostic (the script is well written).
    const spell = compile([
      'Name:Haunt Spell',
      'ManaCost:B',
      'Types:Sorcery',
      'SVar:TrigDrain:DB$ LoseLife | Defined$ Opponent | LifeAmount$ 2',
      'K:Haunt:TrigDrain',
    ]);
    expect(spell.diagnostics).toEqual([]);
    expect(spell.card.primitives).toContain('kw:Haunt');
  });

  it('writes Saga as one CounterAdded trigger per chapter running its SVar, entering with a lore counter (CR 714.2b, 714.3a)', () => {
    const lines = ['Name:Saga Test', 'ManaCost:1', 'Types:Enchantment Saga', 'SVar:DBA:DB$ Draw | NumCards$ 1', 'SVar:DBB:DB$ GainLife | LifeAmount$ 2'];
    const { card, diagnostics } = compile([...lines, 'K:Saga:2:DBA,DBB']);
    expect(diagnostics).toEqual([]);
    expect(shape(card)).toEqual(['trigger:CounterAdded → Draw', 'trigger:CounterAdded → GainLife']);
    expect(card.faces[0]!.keywords.map((k) => k.name)).toEqual(expect.arrayContaining(['etbCounter', 'Saga']));
    // A chapter SVar the card does not define, or a count that does not match, is a diagnostic.
    expect(codes(compile([...lines, 'K:Saga:3:DBA,DBB']).diagnostics).map(([code]) => code)).toEqual(['link/keyword-args']);
  });

  it('writes Awaken as a second spell ability: the spell with the awaken cost, its chain copied, then the counters and the animation', () => {
    const { card, diagnostics } = compile([
      'Name:Awaken Test',
      'ManaCost:U',
      'Types:Sorcery',
      'A:SP$ Tap | Cost$ U | ValidTgts$ Creature | SubAbility$ DBPump | SpellDescription$ Tap target creature.',
      'SVar:DBPump:DB$ Pump | Defined$ Targeted | NumAtt$ -1',
      'K:Awaken:3:4 U',
    ]);
    expect(diagnostics).toEqual([]);
    const face = card.faces[0]!;
    const awakened = face.abilities.find((a) => a.origin === 'keyword:Awaken')!;
    expect(awakened.params.Cost).toBe('4 U');
    const heads = (t: ReturnType<typeof abilityTree>): string[] => [t.node.head, ...t.children.flatMap((c) => (c.tree ? heads(c.tree) : []))];
    expect(heads(abilityTree(face, awakened))).toEqual(['Tap', 'Pump', 'PutCounter', 'Animate']);
    // The printed spell is unchanged.
    expect(heads(abilityTree(face, face.abilities[0]!))).toEqual(['Tap', 'Pump']);
    expect(face.abilities[0]!.params.Cost).toBe('U');
    // A face with no spell ability cannot be awakened: the keyword stays, with a diagnostic.
    expect(codes(creature('Awaken:2:3 G').diagnostics).map(([c]) => c)).toEqual(['link/keyword-args']);
  });

  it("writes Tribute's trigger for the card's TrigNotTribute, on the creature whose tribute was not paid", () => {
    const { card, diagnostics } = compile([
      'Name:Tribute Test',
      'ManaCost:3',
      'Types:Creature Spirit',
      'PT:2/2',
      'K:Tribute:3',
      'SVar:TrigNotTribute:DB$ GainLife | LifeAmount$ 4',
    ]);
    expect(diagnostics).toEqual([]);
    expect(shape(card)).toEqual(['trigger:ChangesZone → GainLife']);
    expect(card.faces[0]!.triggers[0]!.params.ValidCard).toBe('Card.Self+IsNotTributed');
  });

  it('keeps Suspend:X the keyword (not written yet), with no diagnostic', () => {
    const card = creature('Suspend:X:XCantBe0 X W W');
    expect(card.diagnostics).toEqual([]);
    expect(card.primitives.filter((p) => p.startsWith('kw:'))).toEqual(['kw:Suspend']);
  });

  it("writes the keyword's arguments into the lines", () => {
    const face = creature('Equip:Sac<1/Creature>', 'Cycling:2', 'Transmute:1 B B').faces[0]!;
    expect(face.abilities.map((a) => a.params.Cost)).toEqual(['Sac<1/Creature>', '2 Discard<1/CARDNAME>', '1 B B Discard<1/CARDNAME>']);
    expect(face.abilities[2]!.params.ChangeType).toBe('Card.cmcEQ3');
    expect(face.abilities[1]!.params.ActivationZone).toBe('Hand');
  });

  it('adds the keywords an expansion gives (Fading: etbCounter) and its replacements (Bloodthirst)', () => {
    const fading = creature('Fading:3').faces[0]!;
    expect(fading.keywords.map((k) => [k.text, k.expandedBy])).toEqual([
      ['Fading:3', 'Fading'],
      ['etbCounter:FADE:3', undefined],
    ]);
    const bloodthirst = creature('Bloodthirst:X').faces[0]!;
    expect(bloodthirst.replacements.map((r) => [r.head, r.params.ActiveZones, r.origin])).toEqual([['Moved', 'All', 'keyword:Bloodthirst']]);
  });

  it('accepts an SVar as an amount and links it', () => {
    const { card, diagnostics } = compile(['Name:X Test', 'Types:Creature Spirit', 'K:Soulshift:X', 'SVar:X:Count$Valid Spirit.YouCtrl']);
    expect(diagnostics).toEqual([]);
    expect(card.primitives).toContain('count:Valid');
  });

  it('keeps a keyword whose arguments it cannot read, with a diagnostic', () => {
    const card = creature('Bushido:lots');
    expect(codes(card.diagnostics)).toEqual([['link/keyword-args', 5]]);
    expect(card.primitives).toContain('kw:Bushido');
  });

  it('leaves keywords without a module as kw: primitives', () => {
    expect(creature('Flying', 'First Strike', 'Protection from black', 'Swampwalk').primitives).toEqual(
      expect.arrayContaining(['kw:Flying', 'kw:First Strike', 'kw:Protection', 'kw:Landwalk']),
    );
  });

  it('lets a new keyword module register by name', () => {
    registerKeyword('Test Gust', (kw, ctx) => {
      const draw = ctx.svar();
      return { triggers: [`Mode$ Attacks | ValidCard$ Card.Self | Execute$ ${draw}`], svars: [[draw, 'DB$ Draw | NumCards$ 1']] };
    });
    expect(shape(creature('Test Gust'))).toEqual(['trigger:Attacks → Draw']);
  });
});

describe('parseKeyword', () => {
  it('splits the three shapes Forge writes', () => {
    expect(parseKeyword('Equip:3:Creature.Legendary:legendary creature')).toEqual({ name: 'Equip', args: ['3', 'Creature.Legendary', 'legendary creature'] });
    expect(parseKeyword('Enchant creature you control')).toEqual({ name: 'Enchant', args: ['creature you control'] });
    expect(parseKeyword('Double Strike')).toEqual({ name: 'Double Strike', args: [] });
    expect(parseKeyword('Nonbasic landwalk')).toEqual({ name: 'Landwalk', args: ['Nonbasic'] });
    expect(parseKeyword("CARDNAME can't block.")).toEqual({ name: "CARDNAME can't block.", args: [] });
    // Flashback's cost follows a space (`K:Flashback 5 R`), and may hold other parts.
    expect(parseKeyword('Flashback 1 B PayLife<3>')).toEqual({ name: 'Flashback', args: ['1 B PayLife<3>'] });
    expect(parseKeyword('Flashback')).toEqual({ name: 'Flashback', args: [] });
  });
});
