/**
 * One scenario, run unchanged in Node and in Chromium: publish content, deal and play across
 * several flows and turns, and record every deal's cards and verdicts. Ties are common in the
 * content on purpose, so the seeded chance decides most of the order.
 */
import { createEngine, publish } from '../../src/index.js';

export const SCENARIO_CONTENT = `
world: { now: 0 }
tagGroups:
  zone:
    properties: { peril: 0 }
    tags: { forest: { peril: 2 }, village: {} }
boxes:
  world:
    decks:
      common:
        cards:
${Array.from({ length: 40 }, (_, i) => `          c${i}: { tags: { zone: ${i % 3 === 0 ? 'forest' : '[forest, village]'} }, redraw: ${i % 4 === 0 ? 'never' : i % 4}, copies: ${1 + (i % 2)}${i % 5 === 0 ? ', condition: "@hand.peril >= 1"' : ''}, effects: ["@hand.peril = @hand.peril + 1"] }`).join('\n')}
      shared:
        shared: true
        cards:
${Array.from({ length: 10 }, (_, i) => `          s${i}: { tags: { zone: forest }, sharedCopies: ${1 + (i % 3)}, copies: 1, redraw: ${i % 2 ? 'never' : 2}, priority: ${i % 3} }`).join('\n')}
    hands:
      path: { tags: { zone: forest }, slots: 3 }
      square: { tags: { zone: village }, slots: 2 }
`;

export interface Transcript {
  lines: string[];
}

/** Runs the scenario; `seed` varies the chance. */
export async function runScenario(seed: string): Promise<Transcript> {
  const result = await publish({ files: { 'scenario.yaml': SCENARIO_CONTENT } });
  if (!result.ok) throw new Error(`scenario content does not publish: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  const engine = createEngine(result.bundle, { seed });
  const lines: string[] = [`bundle ${result.bundle.hash}`];
  const flows = ['ann', 'bob', 'cyd'].map((id) => engine.flow(id));
  for (let round = 0; round < 6; round++) {
    for (const flow of flows) {
      for (const hand of ['path', 'square']) {
        const { cards, trace } = flow.deal(hand);
        lines.push(`${round} ${flow.id} ${hand} dealt ${cards.map((c) => c.id).join(',')} | ${trace.cards.map((c) => `${c.id}:${c.verdict}`).join(' ')}`);
        const held = flow.hand(hand);
        if (held.length > 0) flow.play(held[(round + held.length) % held.length]!.id, { hand });
      }
      flow.advance('world', round % 2);
    }
  }
  const peek = flows[0]!.peek('path');
  lines.push(`peek ${peek.cards.map((c) => c.id).join(',')}`);
  return { lines };
}
