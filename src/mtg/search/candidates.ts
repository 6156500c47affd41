/**
 * Which options of a decision the search weighs. Searching costs playouts, so it looks only where
 * a choice can matter: two options that say the same (two copies of one card in hand, the same
 * attacker twice) are one candidate, a mana ability alone is no move (the automatic payer taps
 * for every cost), a priority decision at a moment that cannot matter is left to the prior, and a
 * decision with one candidate left is answered without search.
 */
import type { CardRegistry } from '../cards/index.js';
import { abilityOf, cardInfo, guessFromText } from '../controllers/heuristic/knowledge.js';
import type { ChoiceKind, ChoiceOption, ChoicePoint, SeatView } from '../engine/index.js';

/**
 * The decision kinds the search weighs; the others go to its prior, the heuristic.
 *
 * @example
 * ```ts
 * SEARCHED_KINDS.has('blockers'); // true
 * ```
 */
export const SEARCHED_KINDS: ReadonlySet<ChoiceKind> = new Set<ChoiceKind>(['priority', 'attackers', 'blockers', 'targets']);

/**
 * At most this many candidates a decision: each one is a playout per world.
 *
 * @example
 * ```ts
 * candidates(registry, view, point, prior).length <= MAX_CANDIDATES; // true
 * ```
 */
export const MAX_CANDIDATES = 6;

/** Whether an option only makes mana (a land's or Black Lotus's mana ability at priority). */
function manaOnly(registry: CardRegistry, o: ChoiceOption): boolean {
  const a = o.action;
  if (a.verb !== 'activate') return false;
  const effect = abilityOf(cardInfo(registry, a.card.name), a.text) ?? guessFromText(a.text);
  return effect.mana;
}

/**
 * Whether a priority decision's moment can matter when the prior passes: a response to something
 * on the stack, the seat's own main phases, combat after attackers are declared (tricks), the
 * opponent's beginning of combat (tapping an attacker) and end step (end-of-turn plays). Anything
 * an instant or an ability could do elsewhere it can do at one of these, so the other moments
 * (upkeeps, draw steps, the seat's own end step) go to the prior without search.
 */
function momentMatters(view: SeatView): boolean {
  if (view.stack.length > 0) return true;
  const step = view.step;
  if (view.active === view.seat) return step === 'main1' || step === 'main2' || step === 'declareAttackers' || step === 'declareBlockers';
  return step === 'beginCombat' || step === 'declareAttackers' || step === 'declareBlockers' || step === 'end';
}

/**
 * The options worth a playout, by index: the prior's choice first, then the passive option
 * (pass, done), then the others in the decision's order, one per label and at most
 * {@link MAX_CANDIDATES}. Empty when the decision's kind is not searched, or when the prior passes
 * at a moment where acting is no different from acting at the next one.
 *
 * @example
 * ```ts
 * candidates(registry, view, point, prior); // [3, 0, 5]: cast Lightning Bolt (the prior), pass, play Mountain
 * ```
 */
export function candidates(registry: CardRegistry, view: SeatView, point: ChoicePoint, prior: number): number[] {
  if (!SEARCHED_KINDS.has(point.kind)) return [];
  if (point.kind === 'priority' && point.options[prior]?.action.verb === 'pass' && !momentMatters(view)) return [];
  const labels = new Set<string>();
  const out: number[] = [];
  const add = (o: ChoiceOption | undefined): void => {
    if (!o || out.length >= MAX_CANDIDATES || labels.has(o.label)) return;
    if (o.index !== prior && point.kind === 'priority' && manaOnly(registry, o)) return;
    labels.add(o.label);
    out.push(o.index);
  };
  add(point.options[prior]);
  add(point.options.find((o) => o.action.verb === 'pass' || o.action.verb === 'done'));
  for (const o of point.options) add(o);
  return out;
}
