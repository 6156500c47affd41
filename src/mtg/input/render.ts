/**
 * Options written as commands: the menu shows `[2] play Mountain`, and `play Mountain` typed back
 * chooses that option (reference guide, "Menu Display Format": "You can copy the text directly").
 * Error messages list the available actions in the same form.
 */
import type { ChoiceOption, ChoicePoint } from '../engine/choice.js';
import { KEYWORDS } from './lexer.js';
import { nameKey } from './names.js';

// A name holding one of the language's own characters, or a word that splits a command, is
// written in quotes so that the text parses back to the same name.
const NEEDS_QUOTES = /[;#[\]=*,]|^\d+$/;
const SPLITTERS = new Set(Object.keys(KEYWORDS).filter((k) => KEYWORDS[k] === 'kw_blocks' || KEYWORDS[k] === 'kw_targeting'));
const PLAYER_LIKE = /^(?:p\d+|player\d+|me|you|opponent)$/i;

function quote(name: string): string {
  const words = name.toLowerCase().split(/\s+/);
  if (NEEDS_QUOTES.test(name) || words.some((w) => SPLITTERS.has(w)) || PLAYER_LIKE.test(name)) return `"${name}"`;
  return name;
}

function card(name: string, ordinal: number): string {
  return ordinal > 1 ? `${quote(name)}[${ordinal}]` : quote(name);
}

/**
 * The 1-based place of an `activate` option among the point's `activate` options for cards of the
 * same name: what `activate forest[2]` counts (the second Forest's ability, or the second ability
 * of the only Forest).
 *
 * @example
 * ```ts
 * activateOrdinal(point, point.options[2]!); // 2 when option 1 is the first Forest ability offered
 * ```
 */
export function activateOrdinal(point: ChoicePoint, option: ChoiceOption): number {
  if (option.action.verb !== 'activate') return 1;
  const key = nameKey(option.action.card.name);
  let n = 0;
  for (const o of point.options) {
    if (o.action.verb === 'activate' && nameKey(o.action.card.name) === key) n++;
    if (o === option) return n;
  }
  return 1;
}

/**
 * An option written as the command that chooses it.
 *
 * @example
 * ```ts
 * optionText(point, { index: 2, label: 'Cast Lightning Bolt', action: { verb: 'cast', card: { id: 7, name: 'Lightning Bolt', ordinal: 1 } } });
 * // 'cast Lightning Bolt'
 * ```
 */
export function optionText(point: ChoicePoint, option: ChoiceOption): string {
  const a = option.action;
  switch (a.verb) {
    case 'pass':
    case 'done':
    case 'keep':
    case 'mulligan':
    case 'yes':
    case 'no':
      return a.verb;
    case 'play':
    case 'cast':
    case 'attack':
      return `${a.verb} ${card(a.card.name, a.card.ordinal)}`;
    case 'activate':
      return `activate ${card(a.card.name, activateOrdinal(point, option))}`;
    case 'block':
      return `${card(a.card.name, a.card.ordinal)} blocks ${card(a.attacker.name, a.attacker.ordinal)}`;
    case 'target':
    case 'choose': {
      if (a.card) return `${a.verb} ${card(a.card.name, a.card.ordinal)}`;
      if (a.player) return `${a.verb} p${a.player.seat + 1}`;
      if (a.verb === 'choose' && a.text !== undefined) return `choose ${quote(a.text)}`;
      return `${option.index}`;
    }
  }
}

/**
 * The actions a point offers, written as commands, leaving out `pass` (always possible, and left
 * out of the guide's "Available actions" list too).
 *
 * @example
 * ```ts
 * availableActions(point); // ['play Mountain', 'play Swamp']
 * ```
 */
export function availableActions(point: ChoicePoint): string[] {
  return point.options.filter((o) => o.action.verb !== 'pass').map((o) => optionText(point, o));
}
