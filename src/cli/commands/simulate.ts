/** `storyletengine simulate <dir>`: seeded random playthroughs and what they say about the content. */
import { availableParallelism } from 'node:os';
import { wholeNumber } from '../args.js';
import { loadBundle } from '../content.js';
import type { Command } from '../command.js';
import { EXIT, println } from '../io.js';
import { runAll } from '../simulate/pool.js';
import { progressBar } from '../simulate/progress.js';
import { buildReport, reportText } from '../simulate/report.js';
import { POLICIES, type Policy } from '../simulate/run.js';
import { DEFAULT_SEED } from './play.js';

export const simulateCommand: Command = {
  spec: {
    name: 'simulate',
    synopsis: '<dir|bundle.json> [--runs N] [--seed S] [--steps K] [--policy random|first] [--threads T] [--format text|json]',
    brief: 'seeded random playthroughs: never-dealt cards, empty hands, stuck cards',
    summary:
      'Play N seeded playthroughs that deal, play and advance at random, and report which cards were never dealt, which hands were always empty, how often each verdict kept each card out, and which cards got stuck.',
    positionals: { min: 1, max: 1, names: 'a content folder or a bundle file' },
    flags: {
      runs: { type: 'string', value: 'N', help: 'how many playthroughs', default: '100' },
      seed: { type: 'string', value: 'S', help: 'the same seed gives the same report', default: DEFAULT_SEED },
      steps: { type: 'string', value: 'K', help: 'steps per playthrough', default: '50' },
      policy: {
        type: 'string',
        value: 'P',
        help: 'which held card a step plays: random (one of them, or none) or first (the one held longest)',
        choices: POLICIES,
        default: 'random',
      },
      threads: { type: 'string', value: 'T', help: 'worker threads (default: one per core); any number gives the same report' },
      format: { type: 'string', value: 'FORMAT', help: 'text for people, json for tools', choices: ['text', 'json'], default: 'text' },
    },
    details: `Each step deals a hand picked at random (asking a random tag for each group it leaves
open), plays from it by the policy, and one step in four advances a random box. After each step
every hand holding cards is peeked: a held card whose own condition is now false is "stuck".
Run i uses only the seed and i, so the report does not depend on --threads. A progress bar is
drawn on stderr when it is a terminal.`,
  },
  async run({ positionals, flags }, io) {
    const runs = wholeNumber(flags.runs, '--runs', 1);
    const steps = wholeNumber(flags.steps, '--steps', 1);
    const threads = flags.threads === undefined ? Math.min(availableParallelism(), runs) : Math.min(wholeNumber(flags.threads, '--threads', 1), runs);
    const loaded = await loadBundle(positionals[0]!, io);
    if (loaded.exit !== undefined) return loaded.exit;
    const options = { seed: flags.seed as string, steps, policy: flags.policy as Policy };
    const bar = progressBar(io.stderr, runs);
    let total: Awaited<ReturnType<typeof runAll>>;
    try {
      total = await runAll(loaded.bundle, runs, threads, options, () => bar.tick());
    } finally {
      bar.done();
    }
    const report = buildReport(loaded.bundle, total!, { content: positionals[0]!, runs, ...options });
    if (flags.format === 'json') println(io.stdout, JSON.stringify(report, null, 2));
    else io.stdout.write(reportText(report));
    return EXIT.ok;
  },
};
