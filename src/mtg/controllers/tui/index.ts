/**
 * The `tui` controller: a person at a terminal. At each of its seat's decisions it shows the game
 * as the seat sees it and a numbered menu, and reads an answer: a menu number, or a command in the
 * fixed-input language (`play mountain`, `cast bolt targeting p2`, `serra blocks assassin`),
 * resolved against the decision exactly as a script would be. `why` lists what was not offered
 * and why; `help`, `state` and `quit` do what they say. A priority decision that offers nothing
 * but mana abilities is passed without asking: the automatic payer taps lands when a spell is cast.
 */
import { StoryletError } from '../../../core/errors.js';
import type { ChoicePoint, SeatView } from '../../engine/index.js';
import { resolveLine, type ResolveContext } from '../../input/index.js';
import type { SeatController } from '../types.js';
import type { LineSource } from './lines.js';
import type { Paint } from './paint.js';
import { renderMenu, renderState, renderWhyNot } from './render.js';

/** Where the terminal controller talks to its person. */
export type TerminalIO = {
  input: LineSource;
  output: { write(chunk: string): unknown };
  paint: Paint;
  context?: ResolveContext;
};

const HELP = `Answer with a menu number, or a command as the menu writes it:
  play mountain · cast lightning bolt targeting p2 · activate forest[2] · attack serra
  serra blocks assassin · target p2 · choose forest · keep · mulligan · yes · no · pass · done
Names match case-insensitively by prefix ("bolt", "light"); [n] picks the n-th of a name.
Other words:
  why     what could not be used now, and why
  state   show the game again
  menu    show the menu again
  help    this text
  quit    stop here (a snapshot is written so the game can be resumed)
`;

/**
 * A seat played by a person. `quit`, or the end of the input, stops the game with
 * `mtg/quit`, which the `mtg` command turns into a snapshot and a clean exit.
 *
 * @example
 * ```ts
 * const p1 = tuiSeat({ input: fdLines(0), output: process.stdout, paint: paint(true) });
 * ```
 */
export function tuiSeat(io: TerminalIO): SeatController {
  return {
    kind: 'tui',
    name: 'tui',
    choose: (view, point) => ask(io, view, point),
    spec: () => ({ kind: 'tui' }),
  };
}

/** A priority decision whose only actions are mana abilities: nothing to do but pass. */
function onlyMana(point: ChoicePoint): number | null {
  if (point.kind !== 'priority') return null;
  const pass = point.options.find((o) => o.action.verb === 'pass');
  if (!pass) return null;
  const rest = point.options.filter((o) => o !== pass);
  return rest.every((o) => o.action.verb === 'activate' && /\badd\b/i.test(o.action.text) && /\{[WUBRGC]\}|mana/i.test(o.action.text)) ? pass.index : null;
}

function ask(io: TerminalIO, view: SeatView, point: ChoicePoint): number {
  const { output, paint } = io;
  // The automatic payer taps mana sources when a spell is cast, so a decision that offers only
  // mana abilities has nothing worth asking a person about.
  const skip = onlyMana(point);
  if (skip !== null) return skip;
  output.write(`\n${renderState(view, paint)}${renderMenu(point, paint)}`);
  for (;;) {
    output.write(paint('green', `p${point.seat + 1}> `));
    const line = io.input.readLine();
    if (line === null) {
      output.write('\n');
      throw new StoryletError('mtg/quit', 'the input ended', { seat: point.seat });
    }
    const text = line.trim();
    if (text === '') continue;
    const word = text.toLowerCase();
    if (word === 'help' || word === '?') {
      output.write(HELP);
      continue;
    }
    if (word === 'why' || word === 'why not' || word === 'whynot') {
      output.write(renderWhyNot(point));
      continue;
    }
    if (word === 'state' || word === 'board' || word === 'look') {
      output.write(renderState(view, paint));
      continue;
    }
    if (word === 'menu') {
      output.write(renderMenu(point, paint));
      continue;
    }
    if (word === 'quit' || word === 'exit') throw new StoryletError('mtg/quit', 'the player quit', { seat: point.seat });
    const answer = resolveLine(text, point, io.context ?? {}, ' (type "help" for the commands)');
    if (typeof answer === 'number') return answer;
    output.write(`${paint('red', answer)}\n`);
  }
}
