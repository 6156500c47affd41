/**
 * Asking a controller. The engine is a generator that yields a {@link ChoicePoint} and is resumed
 * with the chosen index; every rules function that may need a decision is a generator too
 * (`yield*` all the way down), so a game can stop at any decision and continue when the answer
 * comes, from a controller, a fixed-input script or a replayed snapshot.
 *
 * A decision with exactly one option is not asked (the reference: a forced choice, such as the
 * only legal target, is made without a prompt); it is neither yielded nor recorded.
 */
import type { CardRef, ChoiceAction, ChoiceKind, ChoiceOption, ChoicePoint, Seat } from './choice.js';
import { invariant, type G } from './context.js';

/** What every rules generator is: it yields choice points and is resumed with an index. */
export type Gen<T = void> = Generator<ChoicePoint, T, number>;

/** An option before it is numbered. */
export type Opt = { label: string; action: ChoiceAction };

/** Extra fields a choice point may carry (why-not reasons on priority points, what a yes-no decides). */
export type PointExtra = Partial<Pick<ChoicePoint, 'unavailable' | 'about'>>;

/**
 * What a yes-no question decides, so that a controller can judge it from structure rather than
 * from its prompt: plain JSON, filled where the engine knows it. `kind`:
 * - `optional`: yes lets `effects` happen (a "you may", CR 603.5);
 * - `pay`: yes pays `cost` and lets `effects` happen (a cost on a triggered ability, or an
 *   "unless" cost whose payment is what makes the effect happen);
 * - `unless`: yes pays `cost` and `effects` do not happen ("counter it unless its controller pays");
 * - `skip-turn`: yes skips the asked seat's turn (CR 614.10, Time Vault); `effects` is empty.
 */
export type YesNoAbout = {
  kind: 'optional' | 'pay' | 'unless' | 'skip-turn';
  /** The card whose spell or ability asks. */
  source: { id: number; name: string } | null;
  /** Who controls that spell or ability: an "unless" cost asks another player. */
  controller: Seat;
  /** The effects the answer decides, in the order they would happen. */
  effects: YesNoEffect[];
  /** For `pay` and `unless`: the cost as written (`3`, `R`, `Sac<1/CARDNAME>`). */
  cost?: string;
  /** For `pay` and `unless`: how much mana paying takes (each symbol one, generic by its number). */
  mana?: number;
};

/** One effect a yes-no decides, as far as it is known before it happens. */
export type YesNoEffect = {
  /** The effect API (`DealDamage`, `Destroy`, `Counter`, `Draw`). */
  api: string;
  /** Its chosen targets: a card (on the battlefield or the stack) with its controller, or a player. */
  targets: Array<{ card: number; name: string; controller: Seat } | { player: Seat }>;
  /** `Defined$` as written (`You`, `Self`, `TargetedController`), when the effect has one. */
  defined?: string;
  /** Its amount as written (`NumDmg$`, `LifeAmount$`, `NumCards$`, `Amount$`), when it has one. */
  amount?: string;
  /** What a `Sacrifice` sacrifices (`SacValid$`, as written). */
  valid?: string;
};

// The contract's ChoicePoint (choice.ts) gets the field here, beside the asking that fills it.
declare module './choice.js' {
  interface ChoicePoint {
    /** On yes-no points about an ability's optional part, its cost, or a skipped turn: see {@link YesNoAbout}. */
    about?: YesNoAbout;
  }
}

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
  if (options.length === 1) return 0;
  const point: ChoicePoint = { seat, kind, prompt, options: numbered(options), turn: g.s.turn, phase: g.s.step, ...extra };
  g.asking = point;
  const index = yield point;
  g.asking = null;
  g.choices.push(index);
  g.actions.push({ type: 'ChoicePoint', seat, kind, options: options.length, chosen: index, label: options[index]!.label });
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
  return { id, name, ordinal: 1 };
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
