#!/usr/bin/env node
// A template for an agent of `mtg agent`: copy it and write `decide`. The protocol (version 1,
// docs/mtg/agents.md) is JSON lines: `mtg agent` writes one message a line on this program's
// stdin and reads one answer a line from its stdout, in order. Write logs to stderr, never to
// stdout: a line on stdout that is not an answer is an error that ends the game.
//
// Messages to the agent, each with "protocol": "storyletengine/mtg-agent" and "version": 1:
//   {"type":"hello","seats":["p1"],"mode":"agent-vs-heuristic","scenario":"…" | null}
//       once, first; no answer.
//   {"type":"decision","id":17,"seat":"p1","kind":"priority","prompt":"…",
//    "menu":[{"index":0,"command":"pass","label":"Pass"},{"index":1,"command":"play Mountain",…}],
//    "view":{"you":"p1","turn":3,"step":"main1","active":"p1","players":[…],"hand":[…],
//            "battlefield":[…],"graveyards":{"p1":[…],"p2":[…]},"exile":[…],"stack":[…],
//            "combat":null,"revealed":[]},
//    "log":["Turn 3 (p1)","p1 plays Mountain",…],"scenario":"…" | null}
//       answer it, within --agent-timeout-ms (default 60000), with one of:
//         {"type":"choice","id":17,"choice":"1"}               a menu number (a string or a number)
//         {"type":"choice","id":17,"choice":"play mountain"}   one command, as the menu writes it
//         {"type":"stop","id":17,"bug":"what is wrong"}        stop: mtg agent writes bug-report.md
//   {"type":"end","result":"p1 wins"}
//       last; no answer: exit.
import { createInterface } from 'node:readline';

/** The answer to one decision: a choice, or a stop with a bug description. */
function decide(decision) {
  // Example of a check: a player's life should never be above 100 in these decks.
  if (decision.view.players.some((p) => p.life > 100)) return { type: 'stop', id: decision.id, bug: 'a life total went above 100' };
  return { type: 'choice', id: decision.id, choice: decision.menu[0].index };
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.version !== 1) {
    process.stderr.write(`template agent: I speak protocol version 1, not ${message.version}\n`);
    process.exit(2);
  }
  if (message.type === 'decision') process.stdout.write(`${JSON.stringify(decide(message))}\n`);
  else if (message.type === 'end') input.close();
});
