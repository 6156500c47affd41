// The goblin is fought at hour 0 in the forest, and is back at hour 2, wherever the player is.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const { bundle } = await publish({ dir: 'examples/cookbook/world-timer' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/world-timer');
const flow = createEngine(bundle, { seed: 'cookbook' }).flow('alice');

const seen: number[] = [];
for (let hour = 0; hour <= 4; hour++) {
  flow.setWorld('now', hour);
  const hand = hour % 2 === 0 ? 'forest' : 'cave';
  const { dealt, trace } = flow.deal(hand);
  const goblin = trace.cards.find((c) => c.id === 'the_goblin')!;
  console.log(`hour ${hour}, ${hand}: ${goblin.verdict}${goblin.verdict === 'dealt' ? '' : ` (${goblin.reason})`}`);
  if (dealt.length > 0) {
    seen.push(hour);
    flow.play('the_goblin', { hand });
  }
}
assert.deepEqual(seen, [0, 2, 4]);
