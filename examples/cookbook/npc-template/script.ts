// Talk to the elder until his patience runs out; the square deals to whoever the player asks for.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const ids = (cards: { id: string }[]) => cards.map((c) => c.id).join(', ') || '(none)';

const { bundle } = await publish({ dir: 'examples/cookbook/npc-template' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/npc-template');
const flow = createEngine(bundle, { seed: 'cookbook' }).flow('alice');

for (let i = 1; i <= 3; i++) {
  const { cards, trace } = flow.deal('elder_chat');
  if (trace.handCondition && !trace.handCondition.ok) {
    console.log(`elder_chat ${i}: the conversation is over (${trace.handCondition.reason})`);
    break;
  }
  console.log(`elder_chat ${i}: ${cards[0]!.id}`);
  flow.play(cards[0]!.id, { hand: 'elder_chat' });
}
// Trust is a property of the elder tag, so it is the same elder in the square; patience is not.
const elder = flow.deal('square', { npc: 'elder' });
console.log(`square, asking for the elder: ${ids(elder.cards)}`);
assert.equal(ids(elder.cards), 'elder_secret');
console.log(`square, asking for the smith: ${ids(flow.deal('square', { npc: 'smith' }).cards)}`);
