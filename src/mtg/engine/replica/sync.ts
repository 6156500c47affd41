/**
 * The sync stream (issue 15, docs/mtg/network.md): what the golden sends a seat's shadow, as
 * small JSON records, in order. For seat S it is exactly: the faces S is shown (`reveal`), every
 * random number the golden drew from the game's stream once it is used (`random`), and the other
 * seat's decisions (`decision`), named by public ids. Nothing else: no library order, no seed, no
 * face S may not see. Issue 16 puts these records on a WebSocket as they are.
 */
import type { ChoiceAction, ChoiceKind, Seat } from '../choice.js';

/** A face the seat learns: object `card` (at incarnation `inc`) is registry card `name`, face `face`. */
export type RevealEntry = {
  type: 'reveal';
  card: number;
  inc: number;
  name: string;
  face: number;
  /** Sent before a decision of the other seat that needs it (a card cast from a hand), not at a RevealCard. */
  pre?: true;
};

/** A number the golden drew from the game's random stream: `int(n)` gave `value`. */
export type RandomEntry = { type: 'random'; n: number; value: number };

/** What an option does, by public ids only: never a card's name, which a shadow may not know. */
export type WireAction = {
  verb: ChoiceAction['verb'];
  card?: number;
  attacker?: number;
  ability?: number;
  player?: Seat;
  defender?: Seat;
  /** A `choose` option's text (a mode, `top`, a colour), or `face down` for a cast face down: never a card's name. */
  text?: string;
};

/**
 * A decision of the other seat: the `index`th decision of the game (the choices made before it),
 * its kind and the chosen option's action. `forced` marks a decision with one option, which the
 * golden did not ask (it is not counted in `index`).
 */
export type DecisionEntry = {
  type: 'decision';
  index: number;
  seat: Seat;
  kind: ChoiceKind;
  action: WireAction;
  /** Which of the options with this same wire action (from 0; absent: the first): two triggers of one source to order say the same. */
  nth?: number;
  forced?: true;
  /** With `--network-debug`: the golden's hash of the receiving seat's projection at this decision (before it), checked by its shadow. */
  hash?: string;
};

/** One record of a seat's sync stream. */
export type SyncEntry = RevealEntry | RandomEntry | DecisionEntry;

/**
 * An option's action as the stream carries it: verbs, ids, the ability's index, players; the
 * names and the activated ability's text, which come from faces, left out.
 *
 * @example
 * ```ts
 * wireAction({ verb: 'cast', card: { id: 12, name: 'Lightning Bolt', ordinal: 1 } }); // { verb: 'cast', card: 12 }
 * ```
 */
export function wireAction(a: ChoiceAction): WireAction {
  const out: WireAction = { verb: a.verb };
  if ('card' in a && a.card) out.card = a.card.id;
  if (a.verb === 'block') out.attacker = a.attacker.id;
  if (a.verb === 'activate') out.ability = a.ability;
  if (a.verb === 'attack' && a.defender) out.defender = a.defender.seat;
  if ((a.verb === 'target' || a.verb === 'choose') && a.player) out.player = a.player.seat;
  if (a.verb === 'choose' && a.text !== undefined) out.text = a.text;
  // Casting face down (CR 702.37c) is another choice than casting the same card face up: cast.ts
  // names its card `<name> face down`; the wire says only that.
  if (a.verb === 'cast' && a.card.name.endsWith(' face down')) out.text = 'face down';
  return out;
}

/**
 * Whether two wire actions are the same choice.
 *
 * @example
 * ```ts
 * sameAction({ verb: 'pass' }, { verb: 'pass' }); // true
 * ```
 */
export function sameAction(a: WireAction, b: WireAction): boolean {
  return (
    a.verb === b.verb &&
    a.card === b.card &&
    a.attacker === b.attacker &&
    a.ability === b.ability &&
    a.player === b.player &&
    a.defender === b.defender &&
    a.text === b.text
  );
}
