#!/usr/bin/env node
// A small agent for `mtg agent` (protocol version 1, docs/mtg/agents.md) that plays by a simple
// rule: keep any hand, play a land when it can, else cast the first spell it can, attack with
// everything, never block, aim at the opponent. No dependencies; Node 20 or later.
//
//   mtg agent starter/red_green_aggro.dck starter/white_blue_control.dck \
//     --agent-cmd "node examples/agents/simple-agent.mjs"
import { createInterface } from 'node:readline';

const VERSION = 1;

function choose(decision) {
  const { menu, seat } = decision;
  const opponent = seat === 'p1' ? 'p2' : 'p1';
  const first = (test) => menu.find((o) => test(o.command));
  const pick =
    first((c) => c === 'keep') ??
    first((c) => c.startsWith('play ')) ??
    first((c) => c.startsWith('cast ')) ??
    first((c) => c.startsWith('attack ')) ??
    (decision.kind === 'blockers' ? first((c) => c === 'done' || c === 'pass') : undefined) ??
    first((c) => c === `target ${opponent}` || c === `choose ${opponent}`) ??
    first((c) => c === 'pass' || c === 'done') ??
    menu[0];
  // A menu's command can be sent back as it is written; a number is the other way to answer.
  return pick.command;
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.version !== VERSION) {
    process.stderr.write(`simple-agent: protocol version ${message.version}, and I speak ${VERSION}\n`);
    process.exit(2);
  }
  if (message.type === 'decision') {
    process.stdout.write(`${JSON.stringify({ type: 'choice', id: message.id, choice: choose(message) })}\n`);
  } else if (message.type === 'end') {
    input.close();
  }
  // `hello` needs no answer.
});
