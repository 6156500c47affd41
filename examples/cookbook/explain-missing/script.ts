// Why is the market not in the square? Ask the trace: every card, its verdict and the reason.
import assert from 'node:assert/strict';
import { createEngine, publish } from 'storyletengine';

const ids = (cards: { id: string }[]) => cards.map((c) => c.id).join(', ') || '(none)';

const { bundle } = await publish({ dir: 'examples/cookbook/explain-missing' });
if (!bundle) throw new Error('the content has errors: run storyletengine lint examples/cookbook/explain-missing');
const engine = createEngine(bundle, { seed: 'cookbook' });
const flow = engine.flow('alice');

const { cards, trace } = flow.deal('square');
console.log(`square holds: ${ids(cards)}`);
for (const c of trace.cards) console.log(`  ${c.id}: ${c.verdict}${c.verdict === 'dealt' ? '' : ` (${c.reason})`}`);

// The same question, asked of the log later: every deal where the market failed its condition.
const misses = engine.traceLog({ card: 'market', verdict: 'condition' });
assert.equal(misses.length, 1);
flow.setWorld('raining', false);
console.log(`once it stops raining, dealt: ${ids(flow.deal('square').dealt)}`);
