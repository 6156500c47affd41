// npm run bench:publish: publishes a generated 10,000-card folder and prints cards/second.
// A benchmark, not a test: it prints figures and asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { publish } from '../../dist/node.js';
import { generateContent } from './generate.mjs';

const cards = Number(process.env.CARDS ?? 10_000);
const dir = generateContent(mkdtempSync(join(tmpdir(), 'se-bench-publish-')), cards);
try {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await publish({ dir });
    const ms = performance.now() - t0;
    if (!r.ok) {
      console.error(r.diagnostics.slice(0, 5));
      throw new Error('the generated content did not publish');
    }
    runs.push(ms);
  }
  runs.sort((a, b) => a - b);
  const best = runs[0];
  const median = runs[Math.floor(runs.length / 2)];
  console.log(
    `publish: ${cards} cards  best ${best.toFixed(0)} ms  median ${median.toFixed(0)} ms  (${Math.round(cards / (median / 1000))} cards/s)  target <= 400 ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
