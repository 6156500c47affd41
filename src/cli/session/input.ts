/** Where REPL lines come from: a script file, piped stdin, or a person at a terminal. */
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { StoryletError } from '../../core/errors.js';
import { fsProblem, type Io } from '../io.js';

/**
 * Every line of a script, from a file or (`script` undefined) all of stdin.
 *
 * @example
 * ```ts
 * for (const line of await scriptLines('session.txt', io)) session.line(line);
 * ```
 */
export async function scriptLines(script: string | undefined, io: Io): Promise<string[]> {
  const text = script === undefined || script === '-' ? await readAll(io.stdin) : await readScript(script);
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

async function readScript(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new StoryletError(
      'cli/cannot-read-script',
      `cannot read the script ${file}: ${fsProblem(err)}; give a file of REPL commands, one a line, or - for stdin`,
      { file },
    );
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads lines from a terminal with a prompt until `handle` says to stop or input ends.
 *
 * @example
 * ```ts
 * await interactive(io, 'main> ', (line) => session.line(line) !== 'quit');
 * ```
 */
export async function interactive(io: Io, prompt: () => string, handle: (line: string) => boolean): Promise<void> {
  const rl = createInterface({ input: io.stdin, output: io.stdout, prompt: prompt(), terminal: true });
  rl.prompt();
  await new Promise<void>((done) => {
    rl.on('line', (line) => {
      if (!handle(line)) {
        rl.close();
        return;
      }
      rl.setPrompt(prompt());
      rl.prompt();
    });
    rl.on('close', done);
  });
}
