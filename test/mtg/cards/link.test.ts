// Stage 3, link: SVar references resolved into links and trees; missing SVars, wrong kinds and
// sub-ability cycles reported; grants may cycle; runtime SVars are not "missing".
import { describe, expect, it } from 'vitest';
import { abilityTree, valueOf } from '../../../src/mtg/cards/index.js';
import { codes, compile } from './support.js';

const HEAD = ['Name:Linked', 'ManaCost:1 B', 'Types:Sorcery'];

describe('linkCard', () => {
  it('resolves SubAbility chains into a tree', () => {
    const { card, diagnostics } = compile([
      ...HEAD,
      'A:SP$ Draw | Cost$ 1 B | NumCards$ 1 | SubAbility$ DBDiscard',
      'SVar:DBDiscard:DB$ Discard | Defined$ You | NumCards$ 1 | Mode$ TgtChoose | SubAbility$ DBLife',
      'SVar:DBLife:DB$ LoseLife | Defined$ You | LifeAmount$ X',
      'SVar:X:Count$CardsInYourHand',
    ]);
    expect(diagnostics).toEqual([]);
    const face = card.faces[0]!;
    const tree = abilityTree(face, face.abilities[0]!);
    expect(tree.children.map((c) => [c.key, c.svar, c.tree?.node.head])).toEqual([['SubAbility', 'DBDiscard', 'Discard']]);
    expect(tree.children[0]!.tree!.children[0]!.tree!.node.head).toBe('LoseLife');
    const lifeLinks = face.svars.DBLife!.node!.links;
    expect(lifeLinks).toEqual([{ key: 'LifeAmount', svar: 'X', role: 'value', target: 'any', resolved: true }]);
    expect(face.svars.X!.value).toEqual({ source: 'Count', body: 'CardsInYourHand', count: 'CardsInYourHand' });
  });

  it('parses an SVar as the kind its reference asks for', () => {
    const { card, diagnostics } = compile([
      ...HEAD,
      'A:SP$ Effect | Cost$ 1 B | Triggers$ TrigA | StaticAbilities$ StA | ReplacementEffects$ ReA',
      'SVar:TrigA:Mode$ Phase | Phase$ Upkeep | Execute$ DBA',
      'SVar:StA:Mode$ Continuous | Affected$ Creature | AddPower$ 1',
      'SVar:ReA:Event$ DamageDone | Prevent$ True',
      'SVar:DBA:DB$ Draw | NumCards$ 1',
    ]);
    expect(diagnostics).toEqual([]);
    const svars = card.faces[0]!.svars;
    expect([svars.TrigA!.shape, svars.StA!.shape, svars.ReA!.shape, svars.DBA!.shape]).toEqual(['trigger', 'static', 'replacement', 'ability']);
    expect(card.faces[0]!.abilities[0]!.links.map((l) => [l.key, l.role, l.target])).toEqual([
      ['Triggers', 'grant', 'trigger'],
      ['StaticAbilities', 'grant', 'static'],
      ['ReplacementEffects', 'grant', 'replacement'],
    ]);
  });

  it('reads Choices$ as SVar names on charms only', () => {
    const charm = compile([...HEAD, 'A:SP$ Charm | Cost$ 1 B | Choices$ DBA,DBB', 'SVar:DBA:DB$ Draw | NumCards$ 1', 'SVar:DBB:DB$ GainLife | LifeAmount$ 2']);
    expect(charm.diagnostics).toEqual([]);
    expect(charm.card.faces[0]!.abilities[0]!.links.map((l) => l.svar)).toEqual(['DBA', 'DBB']);
    const choose = compile([...HEAD, 'A:SP$ ChooseCard | Cost$ 1 B | Choices$ Creature.YouCtrl']);
    expect(choose.diagnostics).toEqual([]);
    expect(choose.card.faces[0]!.abilities[0]!.links).toEqual([]);
  });

  it('reports a missing SVar at the referring line', () => {
    const { diagnostics } = compile([...HEAD, 'A:SP$ Draw | Cost$ 1 B | NumCards$ 1 | SubAbility$ DBNope']);
    expect(codes(diagnostics)).toEqual([['link/missing-svar', 4]]);
  });

  it('reports a sub-ability cycle once, and cuts it in the tree', () => {
    const { card, diagnostics } = compile([
      ...HEAD,
      'A:SP$ Draw | Cost$ 1 B | NumCards$ 1 | SubAbility$ DBA',
      'SVar:DBA:DB$ Draw | NumCards$ 1 | SubAbility$ DBB',
      'SVar:DBB:DB$ Draw | NumCards$ 1 | SubAbility$ DBA',
    ]);
    expect(codes(diagnostics)).toEqual([['link/svar-cycle', 6]]);
    const face = card.faces[0]!;
    const a = abilityTree(face, face.abilities[0]!).children[0]!.tree!;
    expect(a.children[0]!.tree!.children[0]).toMatchObject({ svar: 'DBA', cycle: true });
  });

  it('allows a cycle through a grant (an effect whose trigger re-creates it)', () => {
    const { diagnostics } = compile([
      ...HEAD,
      'A:SP$ Effect | Cost$ 1 B | Triggers$ TrigRenew',
      'SVar:TrigRenew:Mode$ Phase | Phase$ End of Turn | Execute$ DBRenew',
      'SVar:DBRenew:DB$ Effect | Triggers$ TrigRenew',
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('reports a reference to the wrong kind of SVar', () => {
    const { diagnostics } = compile([...HEAD, 'A:SP$ Draw | Cost$ 1 B | NumCards$ 1 | SubAbility$ X', 'SVar:X:Count$xPaid']);
    expect(codes(diagnostics)).toEqual([['link/wrong-kind', 4]]);
  });

  it('does not report SVars the engine writes at run time', () => {
    const { diagnostics } = compile([
      ...HEAD,
      'A:SP$ StoreSVar | Cost$ 1 B | SVar$ Stored | Type$ Number | Expression$ 1 | SubAbility$ DBDraw',
      'SVar:DBDraw:DB$ Draw | NumCards$ Y | ConditionCheckSVar$ Stored',
      'SVar:Y:SVar$CostCountersRemoved/Plus.1',
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("links keyword arguments that name SVars (a saga's chapters, ETBReplacement)", () => {
    const { card, diagnostics } = compile([
      'Name:Saga Test',
      'Types:Enchantment Saga',
      'K:Saga:2:DBA,DBB',
      'SVar:DBA:DB$ Draw | NumCards$ 1',
      'SVar:DBB:DB$ GainLife | LifeAmount$ 1',
    ]);
    expect(diagnostics).toEqual([]);
    expect(card.faces[0]!.keywords[0]!.links.map((l) => l.svar)).toEqual(['DBA', 'DBB']);
  });

  it('reports node-shaped SVars nothing refers to, as info, and still parses them', () => {
    const { card, diagnostics } = compile([...HEAD, 'A:SP$ Draw | Cost$ 1 B | NumCards$ 1', 'SVar:DBLost:DB$ Mill | NumCards$ 2', 'SVar:RemAIDeck:True']);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['link/unreferenced-svar', 'info', 5]]);
    expect(card.faces[0]!.svars.DBLost).toMatchObject({ shape: 'ability', referenced: false });
    expect(card.faces[0]!.svars.RemAIDeck).toMatchObject({ shape: 'text' });
  });
});

describe('dead code', () => {
  it('reports problems inside SVars nothing refers to as warnings: Forge never builds them', () => {
    const { card, diagnostics } = compile([
      ...HEAD,
      'A:SP$ Draw | Cost$ 1 B | NumCards$ 1',
      'SVar:DBLost:DB$ Mill | NumCards$ Y | SubAbility$ DBGone',
      'SVar:DBOdd:DB$ Millz | NumCards$ 1',
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['link/missing-svar', 'warning', 5],
      ['link/unreferenced-svar', 'info', 5],
      ['link/unreferenced-svar', 'info', 6],
      ['parse/unknown-api', 'warning', 6],
    ]);
    expect(card.primitives.some((p) => p.startsWith('error:'))).toBe(false);
  });
});

describe('valueOf', () => {
  it('reads the value forms and their count: heads', () => {
    expect(valueOf('3')).toEqual({ source: 'Number', body: '3' });
    expect(valueOf('Count$Valid Creature.YouCtrl/Plus.1')).toMatchObject({ count: 'Valid' });
    expect(valueOf('Targeted$CardPower')).toMatchObject({ count: 'Targeted$CardPower' });
    expect(valueOf('SVar$Y/Times.2')).toEqual({ source: 'SVar', body: 'Y/Times.2' });
    expect(valueOf('True')).toBeUndefined();
    expect(valueOf('DB$ Draw | NumCards$ 1')).toBeUndefined();
  });
});
