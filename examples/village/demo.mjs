// npm run demo: publish the village, then play a few turns and show what each deal considered.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine, formatDiagnostic, publish } from '../../dist/node.js';

const dir = dirname(fileURLToPath(import.meta.url));
const result = await publish({ dir });
for (const d of result.diagnostics) console.log(formatDiagnostic(d, result.sources));
if (!result.ok) process.exit(1);
console.log(`published ${result.bundle.cards.length} cards, ${result.bundle.hands.length} hands (bundle ${result.bundle.hash})\n`);

const engine = createEngine(result.bundle, { seed: 'demo' });
const flow = engine.flow('alice');
// What a deal did not deal, and why; cards for other hands (verdict `tags`) are only counted.
const show = (label, { cards, dealt, trace }) => {
  console.log(`${label}: holds ${cards.map((c) => c.id).join(', ') || '(nothing)'}${dealt.length ? `; dealt now: ${dealt.map((c) => c.id).join(', ')}` : ''}`);
  const other = trace.cards.filter((c) => c.verdict === 'tags').length;
  for (const c of trace.cards)
    if (c.verdict !== 'dealt' && c.verdict !== 'listed' && c.verdict !== 'tags') console.log(`    not listed · ${c.id}: ${c.verdict} (${c.reason})`);
  if (other) console.log(`    not listed · ${other} card(s) for other hands (tags)`);
};

for (let turn = 0; turn < 4; turn++) {
  flow.setWorld('now', turn);
  console.log(`— now = ${turn}, village turn ${flow.turn('village')}`);
  show('  forest_path', flow.deal('forest_path'));
  show('  elder_chat', flow.deal('elder_chat'));
  show('  square (smith)', flow.deal('square', { npc: 'smith' }));
  const held = flow.hand('forest_path');
  if (held.length > 0) {
    // Say what the play changed in the world, if anything (not the same values every turn).
    const names = ['coins', 'goblin_returns_at'];
    const before = names.map((n) => flow.getWorld(n));
    flow.play(held[0].id, { hand: 'forest_path' });
    const changes = names.flatMap((n, i) => (flow.getWorld(n) === before[i] ? [] : [`${n} ${before[i]} → ${flow.getWorld(n)}`]));
    console.log(`  played ${held[0].id} from forest_path${changes.length ? ` (${changes.join(', ')})` : ''}`);
  }
}
