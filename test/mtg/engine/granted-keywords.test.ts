// Keywords an effect grants whose meaning is a triggered ability (Undying, CR 702.93; Persist,
// CR 702.79): the granting face's linker expands them, and the grant gives the creature the
// trigger with the keyword. Real cards of the Forge corpus against their Oracle text.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play } from './real-card-scenario.js';
import { realRegistry } from './corpus.js';
import { facePrimitives } from '../../../src/mtg/cards/primitives.js';

describe('granted Undying and Persist', needsCorpus('cards'), () => {
  it('Undying Evil (CR 702.93a): the creature dies and returns with a +1/+1 counter', () => {
    const r = play(
      'Swamp;Mountain;Grizzly Bears',
      'Undying Evil;Shock',
      'cast Undying Evil targeting Grizzly Bears\npass\ncast Shock targeting Grizzly Bears',
      'me battlefield contains Grizzly Bears\ncounters P1P1 eq 1 Grizzly Bears\npower eq 3 Grizzly Bears\nme graveyard contains Undying Evil',
    );
    passes(r);
  });

  it('Undying Evil: the creature that returned is a new object (CR 400.7) without undying, and dies for good', () => {
    const r = play(
      'Swamp;Mountain;Mountain;Grizzly Bears',
      'Undying Evil;Shock;Lightning Bolt',
      'cast Undying Evil targeting Grizzly Bears\npass\ncast Shock targeting Grizzly Bears\npass\npass\ncast Lightning Bolt targeting Grizzly Bears',
      'me graveyard contains Grizzly Bears\nme battlefield count eq 3',
    );
    passes(r);
  });

  it('Undying Evil on a creature that had a +1/+1 counter: no return (the trigger’s condition, read as it left)', () => {
    const r = play(
      'Swamp;Mountain;Grizzly Bears|Counters:P1P1=1',
      'Undying Evil;Lightning Bolt',
      'cast Undying Evil targeting Grizzly Bears\npass\ncast Lightning Bolt targeting Grizzly Bears',
      'me graveyard contains Grizzly Bears',
    );
    passes(r);
  });

  it('Mikaeus, the Unhallowed (a static AddKeyword$ Undying): another non-Human returns, +1/+1 counter and the lord bonus', () => {
    const r = play(
      'Mountain;Mikaeus, the Unhallowed;Grizzly Bears',
      'Lightning Bolt',
      'cast Lightning Bolt targeting Grizzly Bears',
      'me battlefield contains Grizzly Bears\ncounters P1P1 eq 1 Grizzly Bears\npower eq 4 Grizzly Bears',
    );
    passes(r);
  });

  it('Cauldron of Souls (KW$ Persist, CR 702.79a): the creature returns with a -1/-1 counter', () => {
    const r = play(
      'Mountain;Cauldron of Souls;Grizzly Bears',
      'Shock',
      'activate Cauldron of Souls targeting Grizzly Bears\ndone\npass\ncast Shock targeting Grizzly Bears',
      'me battlefield contains Grizzly Bears\ncounters M1M1 eq 1 Grizzly Bears\npower eq 1 Grizzly Bears',
    );
    passes(r);
  });

  it('the grant needs what its expansion needs, not a kw: primitive', () => {
    const face = realRegistry().get('Undying Evil').faces[0]!;
    expect(Object.keys(face.keywordGrants ?? {})).toEqual(['Undying']);
    expect(facePrimitives(face)).not.toContain('kw:Undying');
    expect(facePrimitives(face)).toEqual(expect.arrayContaining(['api:ChangeZone', 'api:PutCounter', 'trig:ChangesZone']));
  });
});
