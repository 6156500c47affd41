// npm run bench: deals over a box of 10,000 cards, then of 100,000, with realistic conditions and
// prints p50/p99 per deal; then, for each size, evaluates every card's condition with our compiled
// closures and with jexl (an interpreted expression library), side by side, and prints the ratio.
// CARDS=10000 (a comma list) picks the sizes, DEALS the deals per size.
// A benchmark, not a test: it prints figures and asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import jexl from 'jexl';
import { createEngine, publish } from '../../dist/node.js';
import { load } from '../../dist/runtime/load.js';
import { generateContent } from './generate.mjs';

const SIZES = (process.env.CARDS ?? '10000,100000').split(',').map(Number);
const DEALS = Number(process.env.DEALS ?? 3_000);
const TARGET = { 10_000: 0.25, 100_000: 1 };

for (const CARDS of SIZES) await bench(CARDS);

async function bench(CARDS) {
  const dir = generateContent(mkdtempSync(join(tmpdir(), 'se-bench-deal-')), CARDS);
  const result = await publish({ dir });
  rmSync(dir, { recursive: true, force: true });
  if (!result.ok) throw new Error(`the generated content did not publish: ${result.diagnostics[0]?.message}`);
  const bundle = result.bundle;

  // ---- deals -----------------------------------------------------------------------------------
  const engine = createEngine(bundle, { seed: 'bench' });
  const hands = bundle.hands.map((h) => h.id).filter((h) => !h.startsWith('talk'));
  const flows = ['ann', 'bob', 'cyd', 'dee'].map((id) => engine.flow(id));
  for (const f of flows) for (let i = 1; i < 50; i++) f.setWorld(`w${i}`, i % 3 === 0 ? i % 2 === 0 : i % 7);
  const times = [];
  let dealtCards = 0;
  for (let i = 0; i < DEALS; i++) {
    const flow = flows[i % flows.length];
    const hand = hands[(i >> 2) % hands.length];
    if (i % 5 === 0) flow.setWorld('now', (i / 5) % 9);
    const t0 = performance.now();
    const { dealt } = flow.deal(hand);
    times.push(performance.now() - t0);
    dealtCards += dealt.length;
    // Play what the hand holds now and then, so claims and cooldowns churn as in a game.
    const held = flow.hand(hand);
    if (held.length > 0 && i % 3 === 0) flow.play(held[0].id, { hand });
    if (i % 7 === 0) flow.advance('box0', 1);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  console.log(`deal: ${CARDS} cards in one box, ${DEALS} deals over ${hands.length} hands and ${flows.length} flows, ${dealtCards} cards dealt`);
  console.log(
    `  p50 ${pct(50).toFixed(3)} ms   p99 ${pct(99).toFixed(3)} ms   max ${times[times.length - 1].toFixed(3)} ms   (target p50 <= ${TARGET[CARDS] ?? '?'} ms)`,
  );

  // ---- conditions: compiled closures vs jexl -----------------------------------------------------
  // Both evaluate every card's condition against the same world and the same hand scope; stages
  // are given to jexl as their ladder positions, which is what our closures compare too.
  const program = load(bundle);
  const flow = flows[0];
  const hand = hands[0];
  const scope = new Map(flow.handScope(hand).map((e) => [e.name, e.value]));
  const stageIndex = (ladder, stage) => bundle.qualities.find((q) => q.id === ladder).stages.indexOf(stage);
  const ctx = {
    world: program.worldNames.map((n) => flow.getWorld(n)),
    hand: program.handNames.map((n) => scope.get(n)),
    label: hand,
  };
  const jexlWorld = {};
  for (const [i, n] of program.worldNames.entries()) {
    const t = program.worldTypes[i];
    jexlWorld[n] = t.kind === 'stage' ? stageIndex(t.ladder, ctx.world[i]) : ctx.world[i];
  }
  const jexlHand = {};
  for (const [i, n] of program.handNames.entries()) {
    const t = program.handTypes[i];
    const v = ctx.hand[i];
    if (v !== undefined) jexlHand[n] = t.kind === 'stage' ? stageIndex(t.ladder, v) : v;
  }
  const jexlContext = { world: jexlWorld, hand: jexlHand };

  const OPS = { and: '&&', or: '||' };
  function toJexl(e) {
    switch (e.kind) {
      case 'number':
        return String(e.value);
      case 'boolean':
        return String(e.value);
      case 'string':
        return JSON.stringify(e.value);
      case 'name':
        return `${e.scope}.${e.name}`;
      case 'bare':
        return e.resolved?.kind === 'stage' ? String(e.resolved.index) : JSON.stringify(e.name);
      case 'unary':
        return e.op === 'not' ? `!(${toJexl(e.operand)})` : `-(${toJexl(e.operand)})`;
      case 'binary':
        return `(${toJexl(e.left)} ${OPS[e.op] ?? e.op} ${toJexl(e.right)})`;
      case 'call':
        throw new Error('the generated content uses no calls');
    }
  }
  const cards = bundle.cards.filter((c) => c.condition);
  const ours = cards.map((c) => program.cardsById.get(c.id).condition);
  const theirs = cards.map((c) => jexl.compile(toJexl(c.condition.ast)));

  function evalOurs() {
    let n = 0;
    for (const f of ours) {
      try {
        if (f(ctx) === true) n++;
      } catch {
        // NotEvaluable: a name this hand does not have; counted as false, like jexl's undefined.
      }
    }
    return n;
  }
  function evalJexl() {
    let n = 0;
    for (const f of theirs) if (f.evalSync(jexlContext) === true) n++;
    return n;
  }
  const a = evalOurs();
  const b = evalJexl();
  function timeIt(fn, rounds) {
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) fn();
    return (performance.now() - t0) / rounds;
  }
  timeIt(evalOurs, 20);
  timeIt(evalJexl, 3);
  const oursMs = timeIt(evalOurs, 200);
  const jexlMs = timeIt(evalJexl, 20);
  console.log(
    `conditions: ${cards.length} evaluated against hand ${hand} (${a} true with ours, ${b} with jexl${a === b ? ', same answers' : ', ANSWERS DIFFER'})`,
  );
  console.log(
    `  compiled closures ${oursMs.toFixed(3)} ms per pass   jexl ${jexlMs.toFixed(3)} ms per pass   ratio: ours is ${(jexlMs / oursMs).toFixed(1)}x faster`,
  );
}
