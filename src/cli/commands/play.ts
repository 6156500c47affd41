/** `storyletengine play <dir>`: a REPL over a content folder, typed or scripted. */
import { loadBundle } from '../content.js';
import type { Command } from '../command.js';
import { EXIT, println } from '../io.js';
import { interactive, scriptLines } from '../session/input.js';
import { Session } from '../session/session.js';

export const DEFAULT_SEED = 'storyletengine';
export const DEFAULT_FLOW = 'main';

export const playCommand: Command = {
  spec: {
    name: 'play',
    synopsis: '<dir|bundle.json> [--seed S] [--flow F] [--script FILE]',
    brief: 'a REPL over content: peek, deal, play, why',
    summary: 'Play content in a REPL: peek, deal, play, advance, set world values and ask why a card did not come up.',
    positionals: { min: 1, max: 1, names: 'a content folder or a bundle file' },
    flags: {
      seed: { type: 'string', value: 'S', help: 'the engine seed: the same seed deals the same cards', default: DEFAULT_SEED },
      flow: { type: 'string', value: 'F', help: 'the flow (playthrough) to start in', default: DEFAULT_FLOW },
      script: { type: 'string', value: 'FILE', help: 'run the commands in FILE instead of reading a terminal (- for stdin)' },
    },
    details: `Commands: peek HAND [group=tag ...], deal HAND [group=tag ...], play CARD in HAND [group=tag ...],
advance BOX [N], set NAME VALUE, why CARD in HAND [group=tag ...], hands, world, save FILE,
load FILE, flow [ID], help, quit.
With --script, or with input piped in, each command is echoed after "> " with its output, so a
run reads as a transcript; the exit code is 1 if any command failed (an unknown command, an
unknown hand, a card the hand does not hold, ...), 0 otherwise.`,
  },
  async run({ positionals, flags }, io) {
    const loaded = await loadBundle(positionals[0]!, io);
    if (loaded.exit !== undefined) return loaded.exit;
    const session = new Session({
      bundle: loaded.bundle,
      seed: flags.seed as string,
      flow: flags.flow as string,
      out: (l) => println(io.stdout, l),
      err: (l) => println(io.stdout, l),
    });
    const script = flags.script as string | undefined;
    if (script === undefined && io.stdin.isTTY) {
      println(io.stdout, `storyletengine play: ${loaded.bundle.cards.length} cards, seed ${JSON.stringify(flags.seed)}. Type help for the commands.`);
      await interactive(
        io,
        () => `${session.flow.id}> `,
        (line) => session.line(line) !== 'quit',
      );
      return EXIT.ok;
    }
    let failed = 0;
    for (const line of await scriptLines(script, io)) {
      if (line.trim() === '') continue;
      // Echoed so that a scripted run reads as a transcript (and diffs well as a golden file).
      println(io.stdout, `> ${line}`);
      const r = session.line(line);
      if (r === 'quit') break;
      if (r === 'failed') failed++;
    }
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};
