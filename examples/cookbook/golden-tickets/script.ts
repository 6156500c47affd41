// Six children open a chocolate bar each; five find a ticket. A second bar finds nothing more.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const ids = (cards: { id: string }[]) => cards.map((c) => c.id).join(', ') || '(none)';

const { bundle } = await publish({ dir: 'examples/cookbook/golden-tickets' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/golden-tickets');
const engine = createEngine(bundle, { seed: 'cookbook' });

const children = ['augustus', 'veruca', 'violet', 'mike', 'charlie', 'grandpa_joe'];
for (const child of children) {
  const { dealt, trace } = engine.flow(child).deal('wrapper');
  console.log(`${child}: ${dealt.length ? 'a golden ticket' : `nothing (${trace.cards[0]!.verdict})`}`);
}
const again = engine.flow('augustus').deal('second_bar').trace.cards[0]!;
console.log(`augustus, a second bar: ${again.verdict} (${again.reason})`);
assert.equal(again.verdict, 'claimed');

engine.flow('augustus').play('golden_ticket', { hand: 'wrapper' });
console.log(`augustus hands his in; grandpa_joe is dealt: ${ids(engine.flow('grandpa_joe').deal('wrapper').dealt)}`);
