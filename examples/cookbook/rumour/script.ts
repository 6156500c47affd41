// The rumour goes to the first place the player visits, and nowhere else until it is played.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const ids = (cards: { id: string }[]) => cards.map((c) => c.id).join(', ') || '(none)';

const { bundle } = await publish({ dir: 'examples/cookbook/rumour' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/rumour');
const flow = createEngine(bundle, { seed: 'cookbook' }).flow('alice');

const market = flow.deal('market');
console.log(`market dealt: ${ids(market.dealt)}`);
const tavern = flow.deal('tavern');
const why = tavern.trace.cards.find((c) => c.id === 'rumour')!;
console.log(`tavern dealt: ${ids(tavern.dealt)} (rumour: ${why.verdict}, ${why.reason})`);
assert.equal(why.verdict, 'claimed');

flow.play('rumour', { hand: 'market' });
console.log(`after the play, tavern dealt: ${ids(flow.deal('tavern').dealt)}`);
