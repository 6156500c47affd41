// A test agent for `mtg agent` that misbehaves on purpose: `node behave.mjs HOW [N] [RECORD]`.
// It answers the menu's first option to its first N decisions (default 0), then does HOW:
//   zero     keeps answering the first option      stop     answers STOP with a bug description
//   garbage  writes a line that is not JSON         bad      answers a choice that is not on the menu
//   sleep    never answers                          exit     exits with code 3 (a line on stderr first)
// RECORD, when given, is a file every line received is appended to (the bytes the agent saw).
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [how = 'zero', at = '0', record] = process.argv.slice(2);
const from = Number(at);
let asked = 0;
const say = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (record) appendFileSync(record, `${line}\n`);
  const m = JSON.parse(line);
  if (m.type === 'end') process.exit(0);
  if (m.type !== 'decision') return;
  if (asked++ < from || how === 'zero') return say({ type: 'choice', id: m.id, choice: 0 });
  if (how === 'stop') return say({ type: 'stop', id: m.id, bug: `Decision ${m.id} looks wrong to me: ${m.prompt}` });
  if (how === 'garbage') return process.stdout.write('I think I will play a land\n');
  if (how === 'bad') return say({ type: 'choice', id: m.id, choice: 'cast no such card' });
  if (how === 'exit') {
    process.stderr.write('behave: leaving now\n');
    process.exit(3);
  }
  // sleep: say nothing.
});
