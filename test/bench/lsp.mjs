// npm run bench:lsp: the language server's latency on a generated 1,000-card folder (the same
// generator as bench:publish). A real client over stdio types an error into one file and times
// until the diagnostic arrives, then types the fix and times until it is cleared; 10 rounds.
// A benchmark, not a test: it prints figures and asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateContent } from './generate.mjs';

const cards = Number(process.env.CARDS ?? 1_000);
const dir = generateContent(mkdtempSync(join(tmpdir(), 'se-bench-lsp-')), cards);
const child = spawn(process.execPath, [new URL('../../dist/cli/main.js', import.meta.url).pathname, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
let waiting;
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  if (process.env.DEBUG) console.error(p.uri, p.diagnostics.length);
  if (waiting && p.uri === waiting.uri && waiting.test(p.diagnostics)) {
    const w = waiting;
    waiting = undefined;
    w.done();
  }
});
connection.listen();
const until = (uri, test) => new Promise((done) => (waiting = { uri, test, done }));
try {
  const rootUri = pathToFileURL(dir).toString();
  const name = 'box0-005.yaml';
  const uri = pathToFileURL(join(dir, name)).toString();
  const text = readFileSync(join(dir, name), 'utf8');
  await connection.sendRequest('initialize', { processId: process.pid, rootUri, capabilities: {} });
  const first = until(uri, () => true);
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await first;
  const at = text.indexOf('@hand.peril');
  const line = text.slice(0, at).split('\n').length - 1;
  const character = at - (text.lastIndexOf('\n', at - 1) + 1) + '@hand.'.length;
  let current = 'peril';
  const times = [];
  let version = 1;
  for (let round = 0; round < 10; round++) {
    for (const [to, test] of [
      ['perl', (d) => d.some((x) => x.code === 'lang/unknown-name')],
      ['peril', (d) => !d.some((x) => x.severity === 1)],
    ]) {
      const seen = until(uri, test);
      const range = { start: { line, character }, end: { line, character: character + current.length } };
      current = to;
      const t0 = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range, text: to }] });
      await seen;
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `lsp: ${cards} cards  edit → diagnostics  median ${median.toFixed(0)} ms  worst ${times.at(-1).toFixed(0)} ms  (${times.length} edits)  target < 200 ms`,
  );
  // The first completion after an edit rebuilds the symbol index.
  const asks = [];
  for (let round = 0; round < 10; round++) {
    const range = { start: { line, character }, end: { line, character: character + current.length } };
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range, text: current }] });
    const t0 = performance.now();
    const items = await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character } });
    asks.push(performance.now() - t0);
    if (!items.some((i) => i.label === 'peril')) throw new Error('completion did not offer @hand.peril');
  }
  asks.sort((a, b) => a - b);
  console.log(
    `lsp: ${cards} cards  edit → completion  median ${asks[Math.floor(asks.length / 2)].toFixed(0)} ms  worst ${asks.at(-1).toFixed(0)} ms  (${asks.length} asks, each after an edit)`,
  );
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
} finally {
  connection.dispose();
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
