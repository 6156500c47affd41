/**
 * One line a person typed at a decision (the tui's prompt, the game page's command box) → the
 * option it names, resolved exactly as a script's command would be. One home for both.
 */
import type { ChoicePoint } from '../engine/choice.js';
import { parseFixedInputs } from './parse.js';
import { resolveCommand, type ResolveContext } from './resolve.js';

/**
 * The option index `text` names at `point`, or a message for the person saying why not. `hint`
 * follows a message about text that does not parse (the tui adds where to find the commands).
 *
 * @example
 * ```ts
 * resolveLine('pass', point, {}); // 0
 * resolveLine('cast', point, {}, ' (type "help" for the commands)'); // a message
 * ```
 */
export function resolveLine(text: string, point: ChoicePoint, context: ResolveContext, hint = ''): number | string {
  const { commands, problems } = parseFixedInputs(text);
  if (problems.length > 0) return `${problems[0]!.message}${hint}`;
  if (commands.length !== 1) return 'One command at a time, please.';
  const command = commands[0]!;
  if (command.kind === 'wildcard' || command.kind === 'pass-until') return `'${command.text}' is for scripts (--p1-fixed-inputs); here, answer this decision.`;
  const r = resolveCommand(command, point, context);
  if ('index' in r) return r.index;
  return r.error.message;
}
