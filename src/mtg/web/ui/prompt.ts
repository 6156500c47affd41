/**
 * Helpers for a page's prompt: which objects an open decision's options name, so the board can
 * highlight them (`BoardOptions.highlight`) and a click on one (`BoardOptions.onCard`) can be
 * mapped back to the option(s) it stands for. The options themselves stay the ChoicePoint's:
 * nothing here adds or hides a choice.
 */
import type { ChoiceOption, ChoicePoint } from '../../engine/index.js';

/** The object ids an option names: the card it plays/casts/activates/targets, and a block's attacker. */
function ids(option: ChoiceOption): number[] {
  const a = option.action;
  switch (a.verb) {
    case 'play':
    case 'cast':
    case 'activate':
    case 'attack':
    case 'block': // the blocker (a click on it offers one option per attacker it may block)
      return [a.card.id];
    case 'target':
    case 'choose':
      return a.card ? [a.card.id] : [];
    default:
      return [];
  }
}

/**
 * Object id → the indices of the options that name it, in option order (a land with two mana
 * abilities maps to both; a blocker to one option per attacker it may block).
 *
 * @example
 * ```ts
 * const byCard = optionsByCard(point);
 * renderBoard(root, view, { viewer, names, highlight: new Set(byCard.keys()), onCard: (id) => offer(byCard.get(id) ?? []) });
 * ```
 */
export function optionsByCard(point: ChoicePoint): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const option of point.options) {
    for (const id of ids(option)) {
      const list = map.get(id);
      if (list) list.push(option.index);
      else map.set(id, [option.index]);
    }
  }
  return map;
}
