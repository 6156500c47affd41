/** `storyletengine board <dir>`: serve the Board for a content folder on localhost. */
import { startBoard } from '../../board/server.js';
import { StoryletError } from '../../core/errors.js';
import { wholeNumber } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, paint, println, useColor } from '../io.js';
import { DEFAULT_SEED } from './play.js';

export const boardCommand: Command = {
  spec: {
    name: 'board',
    synopsis: '<dir> [--port 7300] [--seed S]',
    brief: 'a dev page on localhost: deal, peek, play, and see why cards were not listed',
    summary:
      'Serve the Board, a page on localhost that plays a content folder: flows, box clocks, hands, stock, world values, and a "Not listed · why" fold under each hand. It follows the live trace and re-publishes when the folder changes.',
    positionals: { min: 1, max: 1, names: 'a content folder' },
    flags: {
      port: { type: 'string', value: 'N', help: 'the port on 127.0.0.1; 0 takes any free port', default: '7300' },
      seed: { type: 'string', value: 'S', help: 'the engine seed', default: DEFAULT_SEED },
    },
    details: `Content with errors does not stop the Board: the page shows the diagnostics and keeps
playing the last good bundle until the folder publishes cleanly again. Stop it with Ctrl-C.
Exits 1 with a message naming the port when the port is in use.`,
  },
  async run({ positionals, flags }, io) {
    const dir = positionals[0]!;
    const port = wholeNumber(flags.port, '--port', 0);
    if (port > 65535) throw new UsageError(`--port ${port} is not a port (0 to 65535)`);
    const color = useColor(io.stderr, io.env);
    let board;
    try {
      board = await startBoard({
        dir,
        port,
        seed: flags.seed as string,
        onContent(c) {
          for (const d of c.diagnostics) io.stderr.write(`${d.frame}\n\n`);
          const errors = c.diagnostics.filter((d) => d.severity === 'error').length;
          if (errors > 0)
            println(
              io.stderr,
              paint(color, '31', `${dir}: ${errors} error${errors === 1 ? '' : 's'}; ${c.hash ? `still playing bundle ${c.hash}` : 'nothing to play yet'}`),
            );
          else if (c.note) println(io.stderr, `${dir}: ${c.note}`);
        },
      });
    } catch (err) {
      if (err instanceof StoryletError && (err.code === 'board/port-in-use' || err.code === 'board/port-denied')) {
        println(io.stderr, `storyletengine board: ${err.message}`);
        return EXIT.failed;
      }
      throw err;
    }
    println(io.stdout, `Board for ${dir}: ${board.url} (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await board.close();
    return EXIT.ok;
  },
};
