/**
 * What a controller is asked, and how an answer is named. Every decision in a game is a
 * {@link ChoicePoint}: a seat, a kind, and numbered options. Controllers answer with an option's
 * index; the fixed-input language (`src/mtg/input/`) turns a text command into that index by
 * matching the structured {@link ChoiceAction} of each option, never its label.
 */

/** A player seat: 0 is the first player (p1 on the command line), 1 the second. */
export type Seat = 0 | 1;

/** The kinds of decision the engine asks for. */
export type ChoiceKind =
  | 'mulligan' // keep or mulligan (CR 103.5, London mulligan)
  | 'bottom' // choose a card to put on the bottom after a mulligan
  | 'opening-hand' // a card to take an action with from the opening hand (CR 103.6: a Leyline, a Chancellor); option 0 is done
  | 'priority' // act or pass (CR 117); option 0 is always pass
  | 'targets' // choose a target for a spell or ability being put on the stack (CR 601.2c)
  | 'mode' // choose a mode (CR 601.2b)
  | 'x' // choose X
  | 'attackers' // declare one attacker at a time; option 0 is "done" (CR 508.1)
  | 'blockers' // declare one block at a time; option 0 is "done" (CR 509.1)
  | 'damage-order' // order blockers for damage assignment (CR 509.2)
  | 'damage-assignment' // how much of a creature's combat damage the next creature in its order is assigned (CR 510.1c–d, 702.19b); option 0 is the automatic division
  | 'discard' // choose a card to discard
  | 'search' // choose a card in a private search (a tutor)
  | 'order-triggers' // order simultaneous triggers (CR 603.3b)
  | 'order-replacements' // which of several replacement or prevention effects applies first to one event (CR 616.1); option 0 is the earliest timestamp
  | 'yes-no' // an optional effect ("you may"); option 0 is no
  | 'pay' // choose how to pay a cost (which land to tap, when the automatic payer is overridden)
  | 'choose'; // any other choice among named things

/** A card as an option names it: enough to match "forest[2]" or "grizzly". */
export interface CardRef {
  /** The game object's id: stable for the whole game. */
  id: number;
  name: string;
  /**
   * 1-based position among the option's same-named cards in the same role, in option order,
   * so `activate forest[2]` names the second Forest offered.
   */
  ordinal: number;
}

/** A player as an option names it (`target p2`, `target opponent`). */
export interface PlayerRef {
  seat: Seat;
}

/** What an option does, structured, so that text commands can match it. */
export type ChoiceAction =
  | { verb: 'pass' }
  | { verb: 'done' }
  | { verb: 'keep' }
  | { verb: 'mulligan' }
  | { verb: 'play'; card: CardRef } // play a land (CR 305)
  | { verb: 'cast'; card: CardRef; way?: string } // `way`: an alternative cost (`evoke`), offered apart
  | { verb: 'activate'; card: CardRef; ability: number; text: string }
  | { verb: 'attack'; card: CardRef; defender?: PlayerRef }
  | { verb: 'block'; card: CardRef; attacker: CardRef } // `card` blocks `attacker`
  | { verb: 'target'; card?: CardRef; player?: PlayerRef }
  | { verb: 'choose'; card?: CardRef; player?: PlayerRef; text?: string }
  | { verb: 'yes' }
  | { verb: 'no' };

export interface ChoiceOption {
  /** Its number in the menu: what a controller answers. */
  index: number;
  /** For people: "cast Lightning Bolt", "Forest[2]: add {G}". */
  label: string;
  action: ChoiceAction;
}

/**
 * Why a card in hand or an ability was not offered at a priority decision: the first rule that
 * failed. Added to the contract (additively) for the "why can't I cast this?" question.
 */
export type WhyNot =
  | 'timing' // not now: sorcery speed, a step restriction, the stack is not empty
  | 'no-mana' // the cost cannot be paid
  | 'no-target' // no legal target
  | 'summoning-sick' // {T} or {Q} on a creature that came under your control this turn (CR 302.6)
  | 'tapped' // {T} on a tapped permanent
  | 'land-drop' // no land drop left this turn (CR 305.2)
  | 'condition' // a restriction or condition of the card (activation limit, "can't be cast", ...)
  | 'unsupported'; // the engine cannot play this card

/** One card or ability not offered, and why (see {@link WhyNot}). */
export interface Unavailable {
  card: CardRef;
  /** The ability's index on the card, for activated abilities; absent for casting or playing. */
  ability?: number;
  /** What was not possible: "cast Counterspell", "activate Icy Manipulator". */
  label: string;
  reason: WhyNot;
}

/**
 * What a yes-no question decides, so that a controller can judge it from structure rather than
 * from its prompt: plain JSON, filled where the engine knows it. `kind`:
 * - `optional`: yes lets `effects` happen (a "you may", CR 603.5);
 * - `pay`: yes pays `cost` and lets `effects` happen (a cost on a triggered ability, or an
 *   "unless" cost whose payment is what makes the effect happen);
 * - `unless`: yes pays `cost` and `effects` do not happen ("counter it unless its controller pays");
 * - `skip-turn`: yes skips the asked seat's turn (CR 614.10, Time Vault); `effects` is empty;
 * - `untap`: yes untaps the permanent in the untap step (CR 502.3, "you may choose not to
 *   untap"); `effects` is what untapping does: an `Untap` of it, then a `GainControl` of each
 *   permanent held only while it stays tapped (Old Man of the Sea), as the asked seat has it now;
 * - `tap-or-untap`: yes taps the permanents `effects` name (one `Tap`), no untaps them.
 */
export type YesNoAbout = {
  kind: 'optional' | 'pay' | 'unless' | 'skip-turn' | 'untap' | 'tap-or-untap';
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

export interface ChoicePoint {
  seat: Seat;
  kind: ChoiceKind;
  /** For people: "Main phase 1, turn 3: you have priority". */
  prompt: string;
  options: ChoiceOption[];
  /** Where the game is, for `PASS_UNTIL turn=N,phase=PHASE` and for logs. */
  turn: number;
  phase: string;
  /**
   * On priority decisions when the game is created with `explain: true`: each card in hand and
   * each ability of a permanent the player controls that was not offered, with the first reason.
   */
  unavailable?: Unavailable[];
  /** On yes-no points about an ability's optional part, its cost, or a skipped turn: see {@link YesNoAbout}. */
  about?: YesNoAbout;
}
