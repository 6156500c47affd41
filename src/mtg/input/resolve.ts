/**
 * Resolution: a parsed command and a {@link ChoicePoint} → the index of the option it names.
 * A command matches an option's structured {@link ChoiceAction} (its verb, its card's name and
 * ordinal, its player), never the option's label, so menus may be reworded freely.
 */
import type { CardRef, ChoiceAction, ChoiceOption, ChoicePoint, Seat } from '../engine/choice.js';
import type { Command, Selector, Span, Target } from './ast.js';
import { matchTier, nameKey } from './names.js';
import { activateOrdinal, availableActions } from './render.js';

/** What the resolver may know beyond the point: only public facts. */
export interface ResolveContext {
  /** The players' names by seat (`['alice', 'bob']`), so that `target bob` can name a player. */
  playerNames?: readonly string[];
}

/** Stable codes of a command that cannot be answered at a point. */
export type ResolveErrorCode =
  | 'input/no-match' // the command names nothing this point offers
  | 'input/ambiguous' // it names several different things equally well
  | 'input/bad-index' // a menu number the point does not have
  | 'input/not-a-choice' // `*` and PASS_UNTIL steer the controller; they choose nothing
  | 'input/not-refused' // `expect-refused X`: the point offers X
  | 'input/not-offered' // `expect-offered X`: the point does not offer X
  | 'input/expect-misplaced' // an expectation reached a point it cannot be judged at
  | 'input/expect-unchecked'; // `expect-... cast X targeting Y`: X was cast with its target chosen for it, no prompt to judge

/** Why a command does not resolve at a point, with what the point offered. */
export interface ResolveError {
  code: ResolveErrorCode;
  message: string;
  /** The command as written. */
  command: string;
  /** Where the command is in its script. */
  span: Span;
  /** The point's actions written as commands, pass left out (see {@link availableActions}). */
  available: string[];
  /** For `input/ambiguous`: the different names that matched equally well. */
  candidates?: string[];
}

/** The option a command names, or why there is none. */
export type Resolution = { index: number } | { error: ResolveError };

/**
 * Resolves one command at one choice point. Never throws and changes nothing.
 *
 * - A number is the option with that index; `pass` and `done` choose the point's pass or done
 *   option (either one: `pass` ends a declaration of attackers too); `keep`, `mulligan`, `yes`
 *   and `no` choose the option of that verb.
 * - A name matches as {@link matchTier} says; the best kind of match wins, and if it leaves
 *   several different names the command is `input/ambiguous`. Several options for same-named
 *   cards are not ambiguous: the first is chosen, or the one `[n]` says (the card's ordinal; for
 *   `activate`, the n-th matching ability in menu order, as the guide's `activate forest[2]`).
 * - A target or choice may name a player: `p1`, `p2`, `me`, `opponent`, or a player's name when
 *   `context.playerNames` is given.
 *
 * @example
 * ```ts
 * const [play] = parseFixedInputs('play mountain').commands;
 * const r = resolveCommand(play!, point);
 * if ('error' in r) console.error(r.error.message); else engine.answer(r.index);
 * ```
 */
export function resolveCommand(command: Command, point: ChoicePoint, context: ResolveContext = {}): Resolution {
  const r = new Resolver(command, point, context);
  switch (command.kind) {
    case 'expect':
      // What the wrapped command names; judging the expectation is the controller's business.
      return resolveCommand(command.command, point, context);
    case 'index': {
      const option = point.options.find((o) => o.index === command.index);
      return option
        ? { index: option.index }
        : r.fail(
            'input/bad-index',
            `Command '${command.text}' is not a menu number here: the menu goes from 0 to ${point.options.length - 1}. Available actions: ${list(r.available())}`,
          );
    }
    case 'wildcard':
    case 'pass-until':
      return r.fail('input/not-a-choice', `'${command.text}' steers the fixed controller and chooses no option`);
    case 'pass':
      return r.firstVerb(['pass', 'done']);
    case 'done':
      return r.firstVerb(['done', 'pass']);
    case 'keep':
    case 'mulligan':
    case 'yes':
    case 'no':
      return r.firstVerb([command.kind]);
    case 'play':
    case 'cast':
    case 'attack':
      return r.byCard(command.kind, command.card);
    case 'activate':
      return r.byCard('activate', command.card);
    case 'block':
      return r.block(command.blocker, command.attacker);
    case 'target':
      return resolveTarget(command.target, point, context, command);
    case 'choose':
      return r.target('choose', command.choice);
  }
}

/**
 * Resolves a target written in a `targeting` clause (or a `target` command) at a `targets` point.
 * `command` is the command the target was written in, for the error's text and position.
 *
 * @example
 * ```ts
 * const cast = parseFixedInputs('cast shock targeting p2').commands[0];
 * if (cast?.kind === 'cast') resolveTarget(cast.targets[0]!, targetsPoint, {}, cast); // { index: 1 }
 * ```
 */
export function resolveTarget(target: Target, point: ChoicePoint, context: ResolveContext, command: Command): Resolution {
  return new Resolver(command, point, context).target('target', target);
}

function list(items: string[]): string {
  return `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;
}

type Scored = { option: ChoiceOption; tier: number; name: string; ordinal: number };

class Resolver {
  constructor(
    readonly command: Command,
    readonly point: ChoicePoint,
    readonly context: ResolveContext,
  ) {}

  available(): string[] {
    return availableActions(this.point);
  }

  fail(code: ResolveErrorCode, message: string, candidates?: string[]): Resolution {
    return {
      error: { code, message, command: this.command.text, span: this.command.span, available: this.available(), ...(candidates ? { candidates } : {}) },
    };
  }

  noMatch(): Resolution {
    // The guide's wording, so that scripts and tools written for it read ours too.
    return this.fail('input/no-match', `Command '${this.command.text}' did not match any available action. Available actions: ${list(this.available())}`);
  }

  firstVerb(verbs: ChoiceAction['verb'][]): Resolution {
    for (const verb of verbs) {
      const option = this.point.options.find((o) => o.action.verb === verb);
      if (option) return { index: option.index };
    }
    return this.noMatch();
  }

  /** The best-matching group of options, checked for ambiguity, then narrowed by the ordinal. */
  pick(scored: Scored[], ordinal: number | undefined, pickOrdinal: (group: Scored[], n: number) => Scored | undefined): Resolution {
    const matched = scored.filter((s) => s.tier > 0);
    if (matched.length === 0) return this.noMatch();
    const best = Math.min(...matched.map((s) => s.tier));
    const group = matched.filter((s) => s.tier === best);
    const names: string[] = [];
    for (const s of group) if (!names.includes(s.name)) names.push(s.name);
    if (names.length > 1) {
      return this.fail(
        'input/ambiguous',
        `Command '${this.command.text}' matches ${names.map((n) => JSON.stringify(n)).join(', ')} equally well: write more of the name`,
        names,
      );
    }
    const chosen = ordinal === undefined ? group[0] : pickOrdinal(group, ordinal);
    return chosen ? { index: chosen.option.index } : this.noMatch();
  }

  byCard(verb: 'play' | 'cast' | 'attack' | 'activate', selector: Selector): Resolution {
    const scored: Scored[] = [];
    for (const option of this.point.options) {
      const a = option.action;
      if (a.verb !== verb) continue;
      const ordinal = a.verb === 'activate' ? activateOrdinal(this.point, option) : cardOf(a)!.ordinal;
      const ref = cardOf(a)!;
      // A cast with an alternative cost is named with its way: `cast mulldrifter evoke` or
      // `cast "Mulldrifter (evoke)"`. What names the card alone never names it, so a script
      // never pays an alternative cost it did not write.
      const way = a.verb === 'cast' ? a.way : undefined;
      const name = way !== undefined ? `${ref.name} (${way})` : ref.name;
      const tier = way !== undefined && matchTier(selector.name, ref.name) > 0 ? 0 : matchTier(selector.name, name);
      scored.push({ option, tier, name, ordinal });
    }
    return this.pick(scored, selector.ordinal, (group, n) => group.find((s) => s.ordinal === n));
  }

  block(blocker: Selector, attacker: Selector): Resolution {
    const scored: Scored[] = [];
    for (const option of this.point.options) {
      const a = option.action;
      if (a.verb !== 'block') continue;
      const tb = matchTier(blocker.name, a.card.name);
      const ta = matchTier(attacker.name, a.attacker.name);
      // The blocker's match counts first: `serra blocks x` prefers an exact Serra.
      scored.push({ option, tier: tb === 0 || ta === 0 ? 0 : tb * 4 + ta, name: `${a.card.name} blocks ${a.attacker.name}`, ordinal: 0 });
    }
    const narrowed = scored.filter((s) => {
      const a = s.option.action as Extract<ChoiceAction, { verb: 'block' }>;
      return (
        (blocker.ordinal === undefined || a.card.ordinal === blocker.ordinal) && (attacker.ordinal === undefined || a.attacker.ordinal === attacker.ordinal)
      );
    });
    // Ambiguity is judged on names before the ordinals narrow them, as for single cards.
    const judged = this.pick(scored, undefined, () => undefined);
    if ('error' in judged) return judged;
    return this.pick(narrowed, undefined, () => undefined);
  }

  target(verb: 'target' | 'choose', target: Target): Resolution {
    const options = this.point.options.filter((o) => o.action.verb === verb);
    const seatOption = (seat: Seat): Resolution => {
      const option = options.find((o) => playerOf(o.action)?.seat === seat);
      return option ? { index: option.index } : this.noMatch();
    };
    if (target.kind === 'player') {
      const me = this.point.seat;
      const seat: Seat = target.player === 'p1' ? 0 : target.player === 'p2' ? 1 : target.player === 'me' ? me : me === 0 ? 1 : 0;
      return seatOption(seat);
    }
    const selector = target.selector;
    // A player's name, written whole, names the player before any card (`target bob`).
    const names = this.context.playerNames ?? [];
    if (selector.ordinal === undefined) {
      const key = nameKey(selector.name);
      for (let seat = 0; seat < names.length && seat < 2; seat++) {
        if (key !== '' && nameKey(names[seat]!) === key && options.some((o) => playerOf(o.action)?.seat === seat)) return seatOption(seat as Seat);
      }
    }
    const scored: Scored[] = [];
    for (const option of options) {
      const a = option.action;
      const ref = cardOf(a);
      if (ref) scored.push({ option, tier: matchTier(selector.name, ref.name), name: ref.name, ordinal: ref.ordinal });
      else if (a.verb === 'choose' && a.text !== undefined) scored.push({ option, tier: matchTier(selector.name, a.text), name: a.text, ordinal: 1 });
    }
    return this.pick(scored, selector.ordinal, (group, n) => group.find((s) => s.ordinal === n));
  }
}

function cardOf(a: ChoiceAction): CardRef | undefined {
  return 'card' in a ? a.card : undefined;
}

function playerOf(a: ChoiceAction): { seat: Seat } | undefined {
  return 'player' in a ? a.player : undefined;
}
