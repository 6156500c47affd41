// The same three cards, ranked in a box with specificity and in one without it, for five players.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const { bundle } = await publish({ dir: 'examples/cookbook/no-specificity' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/no-specificity');
const engine = createEngine(bundle, { seed: 'cookbook' });

const tavern = new Set<string>();
const dice = new Set<string>();
for (const player of ['ann', 'bob', 'cyd', 'dee', 'eve']) {
  const flow = engine.flow(player);
  tavern.add(flow.deal('table').cards[0]!.id);
  dice.add(flow.deal('throw').cards[0]!.id);
}
console.log('tavern (specificity on):', [...tavern].sort());
console.log('dice (specificity off):', [...dice].sort());
const spec = engine
  .flow('ann')
  .peek('table')
  .trace.cards.map((c) => `${c.id} ${c.specificity}`);
console.log('specificities:', spec.join(', '));
assert.deepEqual([...tavern], ['rich_night_song']);
assert.ok(dice.size > 1);
