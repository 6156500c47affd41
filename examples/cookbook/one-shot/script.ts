// The stranger comes once to each player; after that the road is quiet for them.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const { bundle } = await publish({ dir: 'examples/cookbook/one-shot' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/one-shot');
const engine = createEngine(bundle, { seed: 'cookbook' });
const alice = engine.flow('alice');

for (let visit = 1; visit <= 3; visit++) {
  const { cards, trace } = alice.deal('crossroads');
  const stranger = trace.cards.find((c) => c.id === 'the_stranger')!;
  console.log(`alice, visit ${visit}: ${cards[0]!.id} (the_stranger: ${stranger.verdict})`);
  alice.play(cards[0]!.id, { hand: 'crossroads' });
}
assert.equal(alice.peek('crossroads').trace.cards.find((c) => c.id === 'the_stranger')!.verdict, 'cooldown');
console.log('bob, visit 1:', engine.flow('bob').deal('crossroads').cards[0]!.id);
