/**
 * The game log the `mtg` command prints, rendered from the engine's logs as the game goes: the
 * event log at verbosity 2 (casts, damage, deaths, life), the action log at 3 (every card move,
 * tap and choice). Rendering is a pure function of the logs read so far, so a resumed game,
 * which reads the logs of the replayed choices silently first, prints exactly the lines the
 * uninterrupted game would have printed next.
 *
 * When one seat is a person at the terminal, the log is written for their eyes: the names of
 * cards moving between hidden zones of the other player are left out (CR 400.2).
 *
 * The tagged lines (`--tag-gamelogs`) are the public game-action log (issue 16): the same for
 * every viewer, whoever the log is written for, and naming no card either seat may not see. It
 * is what a networked client can write from its own shadow (docs/mtg/network.md), so a client's
 * GAMELOG lines equal a local game's line for line: a card moving between hidden zones is never
 * named (not even to its owner: the other seat's shadow does not know it), a reveal is written
 * only when both seats are shown the card, a choice whose options name hidden cards (a mulligan's
 * bottom, a tutor's search, a discard from a hand) is not labelled, and no choice carries option
 * counts (the other seat's shadow may list fewer or more options than the deciding seat's).
 */
import type { Action, Game, GameEvent, Seat } from '../engine/index.js';
import { stepName, type Paint } from '../controllers/index.js';

/** Verbosity: 0 silent, 1 turns and the result, 2 the game's events, 3 every action. */
export type Verbosity = 0 | 1 | 2 | 3;

/** How the log is written. */
export type LogOptions = {
  verbosity: Verbosity;
  /**
   * Prefix each line with `[GAMELOG Turn3 main1]`, for diffing two logs line by line. Tagged
   * lines are the public log: `viewer` is then not read (every viewer gets the same lines).
   */
  tag: boolean;
  paint: Paint;
  /** The seat whose eyes the log is for, or null for an all-seeing log (two programs playing). */
  viewer: Seat | null;
  /** Where lines go. */
  write(line: string): void;
};

const HIDDEN = new Set(['library', 'hand']);
// Choices whose options name cards in a hidden zone: the other seat's shadow lists them blank.
const HIDDEN_CHOICES = new Set(['bottom', 'search', 'discard']);
/** Who a log is written for: a seat, everyone's eyes at once (null), or the public (the tagged log). */
type Eyes = Seat | null | 'public';
// Zone changes the event log already tells in its own words (cast, resolve, die, draw, play, discard).
const TOLD = new Set([
  'hand>stack',
  'stack>battlefield',
  'stack>graveyard',
  'battlefield>graveyard',
  'library>hand',
  'hand>battlefield',
  'hand>graveyard',
  'stack>exile',
]);

/**
 * Writes a game's log lines as it advances: {@link GameLog.catchUp} reads what happened without
 * writing (a resumed game's past), {@link GameLog.flush} writes what is new.
 *
 * @example
 * ```ts
 * const log = new GameLog({ verbosity: 2, tag: false, paint: paint(false), viewer: null, write: (l) => out.push(l) });
 * game.choose(0);
 * log.flush(game);
 * ```
 */
export class GameLog {
  private events = 0;
  private actions = 0;
  private turn = 0;
  private step = 'start';
  private active: Seat = 0;
  private names = new Map<number, string>();
  private owners = new Map<number, Seat>();

  private readonly eyes: Eyes;

  constructor(private readonly options: LogOptions) {
    this.eyes = options.tag ? 'public' : options.viewer;
  }

  /** Reads everything logged so far without writing it. */
  catchUp(game: Game): void {
    this.read(game, false);
  }

  /** Writes everything logged since the last call. */
  flush(game: Game): void {
    this.read(game, true);
  }

  /**
   * Writes a line of the log's own (the result), never tagged: it is the session's summary, not
   * a game action, and names what only the golden knows (the state hash of the whole game).
   */
  line(text: string): void {
    if (this.options.verbosity >= 1) this.options.write(text);
  }

  private read(game: Game, write: boolean): void {
    const v = this.options.verbosity;
    const events = game.events;
    const actions = game.actions;
    // Names and owners come from the action log whatever the verbosity (events name attackers by
    // id). Below verbosity 3 the tags' turn and step follow the events, which are what is written.
    for (; this.actions < actions.length; this.actions++) {
      const a = actions[this.actions]!;
      if (a.type === 'MoveCard') {
        this.names.set(a.card, a.name);
        this.owners.set(a.card, a.owner);
      } else if (a.type === 'CreateToken') this.names.set(a.card, a.name);
      if (v >= 3) this.emit(this.action(a), write);
    }
    for (; this.events < events.length; this.events++) {
      const e = events[this.events]!;
      if (v < 3 && e.type === 'TurnBegan') this.place(e.turn, 'untap', e.active);
      if (v < 3 && e.type === 'StepBegan') this.place(e.turn, e.step, this.active);
      if (v === 3 && e.type !== 'GameOver') continue;
      if (v === 1 && e.type !== 'TurnBegan' && e.type !== 'GameOver') continue;
      this.emit(this.event(e), write);
    }
  }

  private place(turn: number, step: string, active: Seat): void {
    this.turn = turn;
    this.step = step;
    this.active = active;
  }

  private emit(text: string | null, write: boolean): void {
    if (text === null || !write || this.options.verbosity === 0) return;
    this.options.write(this.tagged(text));
  }

  private tagged(text: string): string {
    return this.options.tag ? `[GAMELOG Turn${this.turn} ${this.step}] ${text}` : text;
  }

  private name(id: number): string {
    return this.names.get(id) ?? `#${id}`;
  }

  /** Whether the viewer may see a card's name as it moves between these zones. */
  private visible(owner: Seat | undefined, from: string, to: string): boolean {
    const viewer = this.eyes;
    if (viewer === null) return true;
    if (!HIDDEN.has(from) && !HIDDEN.has(to)) return true;
    // The public sees a card that leaves a hidden zone for a public one (it is revealed to both
    // seats first: zones.ts revealBeforeMove) or comes back from one, never one moving between two.
    if (viewer === 'public') return !HIDDEN.has(from) || !HIDDEN.has(to);
    if (from === 'hand' && !HIDDEN.has(to)) return true;
    if (to === 'hand' && !HIDDEN.has(from)) return true;
    return owner === viewer;
  }

  private event(e: GameEvent): string | null {
    const { paint } = this.options;
    switch (e.type) {
      case 'TurnBegan':
        return paint('cyan', `Turn ${e.turn} (p${e.active + 1})`);
      case 'StepBegan':
        return null;
      case 'Mulligan':
        return `p${e.seat + 1} mulligans (${e.count})`;
      case 'LandPlayed':
        return `p${e.seat + 1} plays ${e.name}`;
      case 'SpellCast':
        return `p${e.seat + 1} casts ${paint('bold', e.name)}${e.targets.length ? ` targeting ${e.targets.join(', ')}` : ''}`;
      case 'AbilityActivated':
        return `p${e.seat + 1} activates ${e.name}: ${e.text}`;
      case 'TriggerFired':
        return `${e.name} triggers (p${e.seat + 1})`;
      case 'Resolved':
        return `${e.name} resolves`;
      case 'Countered':
        return e.fizzled ? `${e.name} fizzles (no legal target)` : `${e.name} is countered`;
      case 'CreatureDied':
        return paint('red', `${e.name} dies`);
      case 'PermanentDestroyed':
        return `${e.name} is destroyed`;
      case 'ZoneChanged': {
        if (TOLD.has(`${e.from}>${e.to}`) || e.to === 'void' || e.from === 'outside') return null;
        const owner = this.owners.get(e.card);
        const who = owner === undefined ? '' : `p${owner + 1}'s `;
        return this.visible(owner, e.from, e.to) ? `${e.name} moves from ${e.from} to ${e.to}` : `${who}card moves from ${e.from} to ${e.to}`;
      }
      case 'LifeChanged':
        return paint(e.delta < 0 ? 'red' : 'green', `p${e.seat + 1} life ${e.from} → ${e.to}`);
      case 'DamageDealt':
        return `${e.sourceName} deals ${e.amount}${e.combat ? ' combat' : ''} damage to ${e.target}`;
      case 'CardDrawn':
        return `p${e.seat + 1} draws a card`;
      case 'Discarded':
        return `p${e.seat + 1} discards ${e.name}`;
      case 'TokenCreated':
        return `p${e.seat + 1} creates a ${e.name} token`;
      case 'AttackerDeclared':
        return `${e.name} attacks p${e.defender + 1}`;
      case 'BlockerDeclared':
        return `${e.name} blocks ${this.name(e.attacker)}`;
      case 'CounterAdded':
        return `${this.name(e.card)} gets ${e.amount} ${e.counter} counter${e.amount === 1 ? '' : 's'}`;
      case 'Regenerated':
        return `${e.name} regenerates`;
      case 'MonarchChanged':
        return `p${e.seat + 1} becomes the monarch`;
      case 'GameOver':
        return paint('bold', e.winner === null ? `Game over: a draw (${e.reason})` : `Game over: p${e.winner + 1} wins (${e.reason})`);
      default:
        return null;
    }
  }

  private action(a: Action): string | null {
    switch (a.type) {
      case 'Step':
        this.place(a.turn, a.step, a.active);
        return this.options.paint('cyan', `-- turn ${a.turn}, ${stepName(a.step)} (p${a.active + 1})`);
      case 'MoveCard':
        return this.visible(a.owner, a.from, a.to) ? `move ${a.name}: ${a.from} → ${a.to}` : `move a card of p${a.owner + 1}: ${a.from} → ${a.to}`;
      case 'RevealCard': {
        const eyes = this.eyes;
        const shown = eyes === null || (eyes === 'public' ? a.to.length === 2 : a.to.includes(eyes));
        return shown ? `reveal ${a.name} to ${a.to.map((s) => `p${s + 1}`).join(', ')}` : null;
      }
      case 'Shuffle':
        return `p${a.seat + 1} shuffles their library`;
      case 'CreateToken':
        return `token ${a.name} for p${a.controller + 1}`;
      case 'Tap':
        return `tap ${this.name(a.card)}`;
      case 'Untap':
        return `untap ${this.name(a.card)}`;
      case 'AddMana':
        return `p${a.seat + 1} adds ${a.mana} (${this.name(a.source)})`;
      case 'Counters':
        return `${this.name(a.card)}: ${a.delta > 0 ? '+' : ''}${a.delta} ${a.counter}`;
      case 'Damage':
        return `${this.name(a.source)} deals ${a.amount} to ${typeof a.target === 'number' ? this.name(a.target) : a.target}`;
      case 'Life':
        return `p${a.seat + 1} life ${a.delta > 0 ? '+' : ''}${a.delta}`;
      case 'Stack':
        return `p${a.controller + 1} puts on the stack: ${a.text}`;
      case 'Retarget':
        return `p${a.seat + 1} changes the targets of stack item ${a.item} to ${a.targets.join(', ')}`;
      case 'Resolve':
        return a.countered ? `stack item ${a.item} is countered` : `stack item ${a.item} resolves`;
      case 'ChoicePoint': {
        if (this.eyes === 'public') return `p${a.seat + 1} chooses ${HIDDEN_CHOICES.has(a.kind) ? `(${a.kind})` : a.label}`;
        const secret = this.eyes !== null && a.seat !== this.eyes && (a.kind === 'bottom' || a.kind === 'search');
        return `p${a.seat + 1} chooses ${secret ? `(${a.kind})` : a.label} [${a.chosen} of ${a.options}]`;
      }
      default:
        return null;
    }
  }
}
