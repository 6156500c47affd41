/**
 * Asking a controller. The engine is a generator that yields a {@link ChoicePoint} and is resumed
 * with the chosen index; every rules function that may need a decision is a generator too
 * (`yield*` all the way down), so a game can stop at any decision and continue when the answer
 * comes, from a controller, a fixed-input script or a replayed snapshot.
 *
 * A decision with exactly one option is not asked (the reference: a forced choice, such as the
 * only legal target, is made without a prompt); it is neither yielded nor recorded.
 */
import type { CardRef, ChoiceAction, ChoiceKind, ChoiceOption, ChoicePoint, Seat, YesNoAbout } from './choice.js';
export type { YesNoAbout, YesNoEffect } from './choice.js';
import { invariant, type G } from './context.js';

/** What every rules generator is: it yields choice points and is resumed with an index. */
export type Gen<T = void> = Generator<ChoicePoint, T, number>;

/** An option before it is numbered. */
export type Opt = { label: string; action: ChoiceAction };

/** Extra fields a choice point may carry (why-not reasons on priority points, what a yes-no decides). */
export type PointExtra = Partial<Pick<ChoicePoint, 'unavailable' | 'about'>>;

function refsOf(action: ChoiceAction): Array<[string, CardRef]> {
  switch (action.verb) {
    case 'play':
    case 'cast':
    case 'activate':
      return [[action.verb === 'activate' ? 'activate' : action.verb, action.card]];
    case 'attack':
      return [['attack', action.card]];
    case 'block':
      return [
        ['blocker', action.card],
        ['attacker', action.attacker],
      ];
    case 'target':
    case 'choose':
      return action.card ? [[action.verb, action.card]] : [];
    default:
      return [];
  }
}

/**
 * Numbers options and fills each card's ordinal: its 1-based position among same-named cards in
 * the same role, counted by distinct card in option order (`activate forest[2]`).
 * @example
 * ```ts
 * numbered([{ label: 'pass', action: { verb: 'pass' } }])[0]?.index; // 0
 * ```
 */
export function numbered(options: readonly Opt[]): ChoiceOption[] {
  const seen = new Map<string, number[]>();
  return options.map((o, index) => {
    for (const [role, card] of refsOf(o.action)) {
      const key = `${role}\u0000${card.name.toLowerCase()}`;
      let ids = seen.get(key);
      if (!ids) seen.set(key, (ids = []));
      let at = ids.indexOf(card.id);
      if (at < 0) {
        ids.push(card.id);
        at = ids.length - 1;
      }
      card.ordinal = at + 1;
    }
    return { index, label: o.label, action: o.action };
  });
}

/**
 * Asks `seat` to choose among options and returns the chosen index. Options must be non-empty.
 *
 * @example
 * ```ts
 * const i = yield* ask(g, 0, 'yes-no', 'Draw a card?', [{ label: 'no', action: { verb: 'no' } }, { label: 'yes', action: { verb: 'yes' } }]);
 * ```
 */
export function* ask(g: G, seat: Seat, kind: ChoiceKind, prompt: string, options: readonly Opt[], extra: PointExtra = {}): Gen<number> {
  if (options.length === 0) invariant(g, `a ${kind} choice with no options`);
  if (options.length === 1 && !g.replica) return 0;
  const point: ChoicePoint = { seat, kind, prompt, options: numbered(options), turn: g.s.turn, phase: g.s.step, ...extra };
  if (g.replica) {
    // A replicated copy (docs/mtg/network.md): a shadow waits at every decision of the other seat
    // for that seat's answer from the golden, since it may list fewer options than the golden has
    // (a hidden card matches nothing); the golden sends the answers it did not ask too.
    if (options.length === 1 && !g.replica.relays(seat)) {
      g.replica.forced(g, seat, point);
      return 0;
    }
    if (g.replica.relays(seat)) {
      g.asking = point;
      const index = yield point;
      g.asking = null;
      if (g.replica.takeForced()) return index;
      g.choices.push(index);
      g.actions.push({ type: 'ChoicePoint', seat, kind, options: point.options.length, chosen: index, label: point.options[index]!.label });
      return index;
    }
  }
  return yield* answer(g, point);
}

/**
 * Yields a numbered choice point and records the answer (the choice list and the action log):
 * the second half of {@link ask}, also how a restored or forked game asks again the decision it
 * was waiting at.
 *
 * @example
 * ```ts
 * const k = yield* answer(g, point);
 * ```
 */
export function* answer(g: G, point: ChoicePoint): Gen<number> {
  g.asking = point;
  const index = yield point;
  g.asking = null;
  g.choices.push(index);
  g.actions.push({ type: 'ChoicePoint', seat: point.seat, kind: point.kind, options: point.options.length, chosen: index, label: point.options[index]!.label });
  return index;
}

/**
 * A card reference for an option (the ordinal is filled when the options are numbered).
 *
 * @example
 * ```ts
 * cardRef(12, 'Forest'); // { id: 12, name: 'Forest', ordinal: 1 }
 * ```
 */
export function cardRef(id: number, name: string): CardRef {
  // A face-down object has no name (CR 708.2): options name it for what it is, `face-down`.
  return { id, name: name === '' ? 'face-down' : name, ordinal: 1 };
}

/**
 * Asks a yes/no question; option 0 is no. `about`, when given, says what the answer decides.
 *
 * @example
 * ```ts
 * if (yield* askYesNo(g, 0, 'Draw a card?')) yield* drawCards(g, 0, 1);
 * ```
 */
export function* askYesNo(g: G, seat: Seat, prompt: string, about?: YesNoAbout): Gen<boolean> {
  const i = yield* ask(
    g,
    seat,
    'yes-no',
    prompt,
    [
      { label: 'no', action: { verb: 'no' } },
      { label: 'yes', action: { verb: 'yes' } },
    ],
    about ? { about } : {},
  );
  return i === 1;
}
