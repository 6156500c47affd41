/**
 * `storyletengine trace <dir|bundle> --script FILE`: run a REPL script and stream every deal and
 * peek trace event, as text or as JSON lines. A JSON-lines trace starts with a `session` line (the
 * bundle hash, seed, flow and the script itself), so `--replay` can run it again and check that
 * the same events come out: attach the file to a bug report and anyone can reproduce it.
 */
import { readFile } from 'node:fs/promises';
import type { Bundle } from '../../content/bundle.js';
import { loadBundle } from '../content.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, fsProblem, println, type Io } from '../io.js';
import { scriptLines } from '../session/input.js';
import { Session } from '../session/session.js';
import type { TraceEvent } from '../../runtime/index.js';
import { DEFAULT_FLOW, DEFAULT_SEED } from './play.js';

/** The first line of a JSON-lines trace. */
export interface TraceSessionLine {
  kind: 'session';
  bundle: string;
  seed: string;
  flow: string;
  script: string[];
}

export const traceCommand: Command = {
  spec: {
    name: 'trace',
    synopsis: '<dir|bundle.json> (--script FILE | --replay TRACE.jsonl) [--format text|jsonl] [--seed S] [--flow F]',
    brief: 'run a script and stream the trace (text or jsonl), or replay one',
    summary: 'Run a REPL script and stream the trace of every deal and peek, for a bug report that can be replayed.',
    positionals: { min: 1, max: 1, names: 'a content folder or a bundle file' },
    flags: {
      script: { type: 'string', value: 'FILE', help: 'the commands to run, as for `play --script` (- for stdin)' },
      replay: { type: 'string', value: 'FILE', help: 'run the script recorded in a jsonl trace again and check the events are the same' },
      format: { type: 'string', value: 'FORMAT', help: 'text for people, jsonl for tools and bug reports', choices: ['text', 'jsonl'], default: 'text' },
      seed: { type: 'string', value: 'S', help: 'the engine seed', default: DEFAULT_SEED },
      flow: { type: 'string', value: 'F', help: 'the flow to start in', default: DEFAULT_FLOW },
    },
    details: `stdout carries only the trace; a command that fails is reported on stderr with its line
number, the rest of the script still runs, and the exit code is 1.
jsonl: the first line is {"kind":"session","bundle","seed","flow","script"}, then one line per
event: {"kind":"deal"|"peek","flow","hand","handKey","ask","box","turn","handCondition"?,"cards":[{"id","verdict","reason",...}]}.
--replay reads such a file, runs its script with its seed and flow, and exits 1 at the first
event that differs (or if the bundle changed).`,
  },
  async run({ positionals, flags }, io) {
    if ((flags.script === undefined) === (flags.replay === undefined)) throw new UsageError('give either --script FILE or --replay TRACE.jsonl');
    const loaded = await loadBundle(positionals[0]!, io);
    if (loaded.exit !== undefined) return loaded.exit;
    const bundle = loaded.bundle;
    if (flags.replay !== undefined) return replay(flags.replay as string, bundle.hash, loaded.bundle, io);

    const jsonl = flags.format === 'jsonl';
    const seed = flags.seed as string;
    const flow = flags.flow as string;
    const script = await scriptLines(flags.script as string, io);
    if (jsonl) println(io.stdout, JSON.stringify({ kind: 'session', bundle: bundle.hash, seed, flow, script } satisfies TraceSessionLine));
    const { failed } = runScript(bundle, seed, flow, script, io, (e) => io.stdout.write(jsonl ? `${JSON.stringify(e)}\n` : eventText(e)));
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** Runs script lines in a fresh session, calling `onEvent` for every trace event as it happens. */
function runScript(bundle: Bundle, seed: string, flow: string, script: string[], io: Io, onEvent: (e: TraceEvent) => void): { failed: number } {
  let lineNo = 0;
  const session = new Session({ bundle, seed, flow, out: () => undefined, err: (l) => println(io.stderr, `line ${lineNo}: ${l}`) });
  session.engine.subscribeTrace(onEvent);
  let failed = 0;
  for (const line of script) {
    lineNo++;
    const r = session.line(line);
    if (r === 'quit') break;
    if (r === 'failed') failed++;
  }
  return { failed };
}

async function replay(file: string, hash: string, bundle: Bundle, io: Io): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    io.stderr.write(`cannot read the trace ${file}: ${fsProblem(err)}\n`);
    return EXIT.failed;
  }
  // Every line is checked before the replay: a line that is not JSON (a truncated paste, an
  // edited file) is named by its line number instead of being reported as a divergence.
  const lines: string[] = [];
  const all = text.split('\n');
  for (let n = 0; n < all.length; n++) {
    const line = all[n]!;
    if (line.trim() === '') continue;
    try {
      JSON.parse(line);
    } catch (err) {
      // JSON.parse counts from the start of the text it was given, which here is this line.
      const why = (err as Error).message.replace(/ in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/, (_m, p: string) => ` at column ${Number(p) + 1}`);
      io.stderr.write(
        `${file}:${n + 1}: not a JSON line (${why}); each line of a trace is one JSON object, as \`storyletengine trace --format jsonl\` writes them\n`,
      );
      return EXIT.failed;
    }
    lines.push(line);
  }
  const head = (JSON.parse(lines[0] ?? '{}') ?? {}) as TraceSessionLine;
  if (head.kind !== 'session' || !Array.isArray(head.script) || typeof head.seed !== 'string' || typeof head.flow !== 'string') {
    io.stderr.write(`${file} does not start with a session line; record it with \`storyletengine trace <dir> --script FILE --format jsonl\`\n`);
    return EXIT.failed;
  }
  if (head.bundle !== hash) io.stderr.write(`note: ${file} was recorded with bundle ${head.bundle}; the content is now bundle ${hash}\n`);
  const expected = lines.slice(1);
  let i = 0;
  let diverged: string | undefined;
  runScript(bundle, head.seed, head.flow, head.script, io, (e) => {
    const got = JSON.stringify(e);
    if (diverged === undefined && got !== expected[i])
      diverged = `event ${i + 1} differs:\n  recorded: ${expected[i] ?? '(no more events)'}\n  replayed: ${got}`;
    i++;
  });
  if (diverged === undefined && i < expected.length) diverged = `the replay produced ${i} events; the trace has ${expected.length}`;
  if (diverged !== undefined) {
    io.stderr.write(`${file}: the replay diverged: ${diverged}\n`);
    return EXIT.failed;
  }
  println(io.stdout, `${file}: replayed ${i} events, all the same`);
  return EXIT.ok;
}

/**
 * One event as text: a heading line, then one line per card considered.
 *
 * @example
 * ```ts
 * engine.subscribeTrace((e) => process.stdout.write(eventText(e)));
 * ```
 */
export function eventText(e: TraceEvent): string {
  const ask = Object.entries(e.ask)
    .map(([g, t]) => ` ${g}=${t}`)
    .join('');
  const lines = [`${e.kind} ${e.hand}${ask} · flow ${e.flow} · box ${e.box} turn ${e.turn}`];
  if (e.handCondition && !e.handCondition.ok) lines.push(`  ${e.handCondition.reason ?? "the hand's condition is false"}; no card was looked at`);
  const width = Math.max(0, ...e.cards.map((c) => c.id.length));
  for (const c of e.cards) lines.push(`  ${c.verdict.padEnd(17)} ${c.id.padEnd(width)}  ${c.reason}`);
  return `${lines.join('\n')}\n`;
}
