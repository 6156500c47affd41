// The masterwork's priority is worked out for each deal from @hand.trust; watch it climb.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const { bundle } = await publish({ dir: 'examples/cookbook/priority-expression' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/priority-expression');
const flow = createEngine(bundle, { seed: 'cookbook' }).flow('alice');

let top = '';
for (let visit = 1; visit <= 4 && top !== 'the_masterwork'; visit++) {
  const { cards, trace } = flow.deal('smithy');
  const ranks = trace.cards.filter((c) => c.rank !== undefined).map((c) => `${c.id} ${c.priority} (rank ${c.rank})`);
  top = cards[0]!.id;
  console.log(`visit ${visit}: ${ranks.join(', ')}`);
  flow.play(top, { hand: 'smithy' });
}
assert.equal(top, 'the_masterwork');
