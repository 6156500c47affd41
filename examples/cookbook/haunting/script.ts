// Each visit the forest deals its best card for the stage it is at, and playing it moves it on.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const { bundle } = await publish({ dir: 'examples/cookbook/haunting' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/haunting');
const flow = createEngine(bundle, { seed: 'cookbook' }).flow('alice');

const stage = () => flow.handScope('forest_path').find((e) => e.name === 'haunting')!.value;
const dealt: string[] = [];
for (let visit = 1; visit <= 3; visit++) {
  const card = flow.deal('forest_path').cards[0]!;
  dealt.push(card.id);
  console.log(`visit ${visit}, forest is ${stage()}: ${card.id}`);
  if (card.id !== 'the_wraith') flow.play(card.id, { hand: 'forest_path' });
}
assert.equal(stage(), 'haunted');
assert.deepEqual(dealt, ['whisper', 'shadow', 'the_wraith']);
