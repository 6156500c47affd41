/**
 * The fixed controller: plays a seat from a script of commands (reference guide, "Scripted Play
 * (Fixed Inputs)"). A script plus the game's seeds fully determines a game, which is what
 * reproducers and rules tests are made of.
 *
 * It reads only the choice point it is asked (its options, the turn and the step): never the
 * stack, a hand or anything else its seat may not see. Its whole state is plain JSON
 * ({@link FixedController.state}), so a snapshot of a game can carry it and resume exactly.
 */
import { StoryletError } from '../../core/errors.js';
import type { ChoiceAction, ChoiceKind, ChoicePoint } from '../engine/choice.js';
import type { Command, CommandKind, ExpectCommand, PassUntilCommand, Target } from './ast.js';
import { availableActions } from './render.js';
import { parseFixedInputs, type InputProblem } from './parse.js';
import { resolveCommand, resolveTarget, type ResolveContext, type ResolveError } from './resolve.js';
import { canonicalStep, stepOrder } from './steps.js';

/** Everything the controller remembers between choices; plain JSON. */
export interface FixedControllerState {
  /** The next command to use. */
  cursor: number;
  /** After `*`: commands that match nothing pass instead of failing, until one matches. */
  wildcard: boolean;
  /** Targets from a `targeting` clause, waiting for the target prompts of the spell just chosen. */
  pending: Target[];
  /** The command the pending targets were written in, for error messages. */
  pendingFrom: number;
  /** Choices answered after the script ran out. */
  ranDry: number;
  /** Set when the pending targets are an `expect-refused` / `expect-offered` clause, to judge rather than choose. */
  pendingExpect?: 'refused' | 'offered';
}

/** Options for a {@link FixedController}. */
export interface FixedControllerOptions extends ResolveContext {
  /** The state to start from (a snapshot's), instead of the beginning of the script. */
  state?: FixedControllerState;
}

/** One answer: the option chosen and the command it came from (absent when the controller passed on its own). */
export type FixedStep = { index: number; command?: Command; exhausted?: true } | { error: ResolveError };

// The steps of casting a spell (CR 601.2b–h): a `targeting` clause stays pending through these,
// and is dropped at any other point, because the spell was then cast with its target forced. A
// yes-no point is one when it asks an optional cost as the spell is cast (kicker, buyback,
// 601.2b); one asked later is harmless, since a priority point comes first and drops the clause.
const CASTING: ReadonlySet<ChoiceKind> = new Set<ChoiceKind>(['mode', 'x', 'yes-no', 'targets', 'pay']);

// At these points, a command meant for another kind of point waits for it: the point gets its
// passive answer (done, keep) and the command stays next. At a priority point only combat
// commands wait (for the declaration they belong to); anything else that does not match is an
// error, as the guide says.
const OWN: Partial<Record<ChoiceKind, ReadonlySet<CommandKind>>> = {
  attackers: new Set<CommandKind>(['attack', 'done', 'pass', 'index']),
  blockers: new Set<CommandKind>(['block', 'done', 'pass', 'index']),
  mulligan: new Set<CommandKind>(['keep', 'mulligan', 'index']),
  'damage-assignment': new Set<CommandKind>(['choose']),
  'order-replacements': new Set<CommandKind>(['choose']),
};
// A division of combat damage (CR 510.1c) and the order of replacement effects (CR 616.1) are
// asked only when they are a real choice, which a script written before the engine asked them
// cannot foresee: a `choose` that names none of the options is meant for a later point, so the
// point takes its automatic answer (option 0) and the command waits.
const WAITS_UNLESS_MATCHED: ReadonlySet<ChoiceKind> = new Set<ChoiceKind>(['damage-assignment', 'order-replacements']);
const WAITS_AT_PRIORITY: ReadonlySet<CommandKind> = new Set<CommandKind>(['attack', 'block']);

// Where an expectation is judged. Elsewhere its verb has no options at all, so "refused" would
// hold for a reason that has nothing to do with the rule under test: that is an error instead.
const JUDGED_AT: Partial<Record<CommandKind, readonly ChoiceKind[]>> = {
  play: ['priority'],
  cast: ['priority'],
  activate: ['priority'],
  attack: ['attackers'],
  block: ['blockers'],
  target: ['targets'],
  keep: ['mulligan'],
  mulligan: ['mulligan'],
  yes: ['yes-no'],
  no: ['yes-no'],
};

const PASSIVE: ReadonlyArray<ChoiceAction['verb']> = ['pass', 'done', 'keep', 'no'];

/**
 * The option a point gets when the script does not choose: pass, done, keep or no, whichever the
 * point has; otherwise its first option.
 *
 * @example
 * ```ts
 * passiveIndex(priorityPoint); // 0: pass
 * ```
 */
export function passiveIndex(point: ChoicePoint): number {
  for (const verb of PASSIVE) {
    const option = point.options.find((o) => o.action.verb === verb);
    if (option) return option.index;
  }
  return point.options[0]?.index ?? 0;
}

/**
 * Whether a PASS_UNTIL has been reached at `point`. `turn=N` is reached from turn N on;
 * `phase=P` alone when the game is in step P (its next occurrence); both, at step P of turn N or
 * anywhere later, so a moment that slipped by never makes the script wait for ever.
 *
 * @example
 * ```ts
 * passUntilReached({ kind: 'pass-until', turn: 3, step: 'main2', text: '', span }, { ...point, turn: 3, phase: 'main2' }); // true
 * ```
 */
export function passUntilReached(command: PassUntilCommand, point: ChoicePoint): boolean {
  const step = canonicalStep(point.phase);
  if (command.turn !== undefined && command.step !== undefined) {
    if (point.turn !== command.turn) return point.turn > command.turn;
    return step !== undefined && stepOrder(step) >= stepOrder(command.step);
  }
  if (command.turn !== undefined) return point.turn >= command.turn;
  return step === command.step;
}

/**
 * A seat played from a script. `choose(view, point)` answers each choice point with an option
 * index, consuming commands as they match:
 *
 * - a command that matches answers the point and is consumed;
 * - `*` makes the following command wait: points it does not match are passed;
 * - `PASS_UNTIL ...` passes every point until the named turn/step, then is consumed;
 * - `cast X targeting Y` answers the next target prompt of that spell with Y (no prompt, as when
 *   the only legal target was chosen for us, is fine: the clause is dropped);
 * - at a declaration of attackers or blockers, a command that is not a declaration ends it
 *   (done) and waits; at a mulligan decision, anything else keeps; at a priority point, an
 *   `attack` or a block waits for its declaration;
 * - once the script runs out, every point gets its passive answer and {@link exhausted} is true.
 *
 * A command that matches nothing (outside `*`) is an error naming the command, its position and
 * the available actions; {@link choose} throws it as a StoryletError, {@link step} returns it.
 * Either way the controller's state is left as it was.
 *
 * @example
 * ```ts
 * const p1 = FixedController.fromText('play mountain; cast lightning bolt targeting p2');
 * engine.run({ controllers: [p1, other] }); // the engine calls p1.choose(view, point)
 * p1.exhausted; // true once both commands were used
 * ```
 */
export class FixedController {
  readonly commands: readonly Command[];
  private readonly context: ResolveContext;
  private s: FixedControllerState;

  constructor(commands: readonly Command[], options: FixedControllerOptions = {}) {
    this.commands = commands;
    const { state, ...context } = options;
    this.context = context;
    this.s = state ? cloneState(state) : { cursor: 0, wildcard: false, pending: [], pendingFrom: -1, ranDry: 0 };
    if (this.s.cursor < 0 || this.s.cursor > commands.length) {
      throw new StoryletError('input/bad-state', `fixed-controller state points at command ${this.s.cursor + 1} of a script of ${commands.length}`, {
        cursor: this.s.cursor,
      });
    }
  }

  /**
   * Parses `text` and builds a controller; throws `input/syntax` (or the first problem's code)
   * naming the line and column when the script has a problem.
   *
   * @example
   * ```ts
   * FixedController.fromText('play mountain;;0'); // fine: blank commands are skipped
   * FixedController.fromText('cats bolt');        // throws StoryletError input/syntax at 1:1
   * ```
   */
  static fromText(text: string, options: FixedControllerOptions = {}): FixedController {
    const { commands, problems } = parseFixedInputs(text);
    const first = problems[0];
    if (first) throw problemError(first, problems);
    return new FixedController(commands, options);
  }

  /**
   * True when every command has been used (and no `targeting` clause is waiting): what
   * `--stop-when-fixed-exhausted` checks before handing this seat a choice.
   *
   * @example
   * ```ts
   * if (stopWhenExhausted && controller.exhausted) return snapshot(game);
   * ```
   */
  get exhausted(): boolean {
    return this.s.cursor >= this.commands.length && this.s.pending.length === 0;
  }

  /** Commands not yet used. */
  get remaining(): number {
    return this.commands.length - this.s.cursor;
  }

  /** How many points were answered after the script ran out. */
  get ranDry(): number {
    return this.s.ranDry;
  }

  /** The controller's state, plain JSON, for a snapshot. */
  state(): FixedControllerState {
    return cloneState(this.s);
  }

  /**
   * Answers a choice point, or throws the script's error (`input/no-match`, `input/ambiguous`,
   * `input/bad-index`) as a StoryletError whose details carry the command, its line and column,
   * and the available actions. `view` is not read: a fixed script sees only the point.
   *
   * @example
   * ```ts
   * const index = controller.choose(view, point);
   * ```
   */
  choose(_view: unknown, point: ChoicePoint): number {
    const result = this.step(point);
    if ('error' in result) {
      const e = result.error;
      throw new StoryletError(e.code, `fixed inputs for p${point.seat + 1}, ${e.span.line}:${e.span.column}: ${e.message}`, {
        command: e.command,
        line: e.span.line,
        column: e.span.column,
        available: e.available,
        ...(e.candidates ? { candidates: e.candidates } : {}),
        seat: point.seat,
        turn: point.turn,
        phase: point.phase,
      });
    }
    return result.index;
  }

  /**
   * {@link choose} without throwing: the answer, or the error and an unchanged controller.
   *
   * @example
   * ```ts
   * const r = controller.step(point);
   * if ('error' in r) console.error(r.error.message, r.error.available); else engine.answer(r.index);
   * ```
   */
  step(point: ChoicePoint): FixedStep {
    const s = cloneState(this.s);
    const commit = (answer: FixedStep): FixedStep => {
      this.s = s;
      return answer;
    };
    if (!CASTING.has(point.kind)) {
      if (s.pendingExpect !== undefined && s.pending.length > 0) {
        // The spell was cast with its target chosen for it (the only legal one): the expectation
        // was never put to the engine, and passing it silently could hide the very bug it tests.
        const from = this.commands[s.pendingFrom]!;
        return expectError(
          from,
          point,
          'input/expect-unchecked',
          `'${from.text}' was cast without a target prompt (its target was chosen for it), so the expectation about its target could not be checked; name a board where the target is a choice`,
        );
      }
      s.pending = [];
      s.pendingFrom = -1;
      delete s.pendingExpect;
    }
    if (point.kind === 'targets' && s.pending.length > 0) {
      const from = this.commands[s.pendingFrom]!;
      const r = resolveTarget(s.pending[0]!, point, this.context, from);
      if (s.pendingExpect === undefined) {
        if ('error' in r) return r;
        s.pending = s.pending.slice(1);
        return commit({ index: r.index, command: from });
      }
      // An expectation about this prompt: judged, then the script's next command answers it.
      const judged = judge(from as ExpectCommand, s.pendingExpect, r, point);
      if (judged) return judged;
      s.pending = s.pending.slice(1);
      if (s.pending.length === 0) {
        s.pendingFrom = -1;
        delete s.pendingExpect;
      }
    }
    for (;;) {
      const command = this.commands[s.cursor];
      if (!command) {
        s.ranDry++;
        return commit({ index: passiveIndex(point), exhausted: true });
      }
      if (command.kind === 'wildcard') {
        s.wildcard = true;
        s.cursor++;
        continue;
      }
      if (command.kind === 'pass-until') {
        if (!passUntilReached(command, point)) return commit({ index: passiveIndex(point) });
        s.cursor++;
        continue;
      }
      const own = OWN[point.kind];
      const kind = command.kind === 'expect' ? command.command.kind : command.kind;
      if ((own && !own.has(kind)) || (point.kind === 'priority' && WAITS_AT_PRIORITY.has(kind))) {
        return commit({ index: passiveIndex(point) });
      }
      if (command.kind === 'expect') {
        const inner = command.command;
        const where = JUDGED_AT[inner.kind];
        if (where && !where.includes(point.kind)) {
          return expectError(
            command,
            point,
            'input/expect-misplaced',
            `'${command.text}' is judged at a ${where.join(' or ')} point, and the next point is ${point.kind}: put it where that choice is asked`,
          );
        }
        const r = resolveCommand(inner, point, this.context);
        if ((inner.kind === 'cast' || inner.kind === 'activate') && inner.targets.length > 0) {
          // `expect-refused cast X targeting Y`: X is cast (it must be offered), and Y is judged at its target prompt.
          if ('error' in r) return r;
          s.pending = [...inner.targets];
          s.pendingFrom = s.cursor;
          s.pendingExpect = command.expect;
          s.cursor++;
          s.wildcard = false;
          return commit({ index: r.index, command });
        }
        const judged = judge(command, command.expect, r, point);
        if (judged) return judged;
        s.cursor++;
        s.wildcard = false;
        continue;
      }
      const r = resolveCommand(command, point, this.context);
      if ('index' in r) {
        if ((command.kind === 'cast' || command.kind === 'activate') && command.targets.length > 0) {
          s.pending = [...command.targets];
          s.pendingFrom = s.cursor;
        }
        s.cursor++;
        s.wildcard = false;
        return commit({ index: r.index, command });
      }
      // After `*`, a command that is not available yet waits; an ambiguous one is still a mistake.
      if ((s.wildcard || WAITS_UNLESS_MATCHED.has(point.kind)) && (r.error.code === 'input/no-match' || r.error.code === 'input/bad-index')) {
        return commit({ index: passiveIndex(point) });
      }
      return r;
    }
  }
}

function cloneState(s: FixedControllerState): FixedControllerState {
  return {
    cursor: s.cursor,
    wildcard: s.wildcard,
    pending: structuredClone(s.pending),
    pendingFrom: s.pendingFrom,
    ranDry: s.ranDry,
    ...(s.pendingExpect !== undefined ? { pendingExpect: s.pendingExpect } : {}),
  };
}

function expectError(command: Command, point: ChoicePoint, code: ResolveError['code'], message: string): FixedStep {
  const available = availableActions(point);
  return {
    error: {
      code,
      message: `${message}. Available actions: [${available.map((a) => JSON.stringify(a)).join(', ')}]`,
      command: command.text,
      span: command.span,
      available,
    },
  };
}

/**
 * An expectation judged against what the point offers (`r`, the wrapped command's resolution):
 * nothing when it holds, else the error. An ambiguous name is the script's mistake either way.
 */
function judge(command: ExpectCommand, expect: 'refused' | 'offered', r: ReturnType<typeof resolveTarget>, point: ChoicePoint): FixedStep | undefined {
  if ('error' in r && r.error.code !== 'input/no-match' && r.error.code !== 'input/bad-index') return r;
  const offered = 'index' in r;
  if (expect === 'refused' && offered) {
    const label = point.options.find((o) => o.index === r.index)?.label ?? `option ${r.index}`;
    return expectError(
      command,
      point,
      'input/not-refused',
      `'${command.text}' expected the engine to refuse that choice, but the ${point.kind} point offers it (${label})`,
    );
  }
  if (expect === 'offered' && !offered)
    return expectError(command, point, 'input/not-offered', `'${command.text}' expected the ${point.kind} point to offer that choice, but it does not`);
  return undefined;
}

function problemError(first: InputProblem, all: InputProblem[]): StoryletError {
  const more = all.length > 1 ? ` (and ${all.length - 1} more problem${all.length > 2 ? 's' : ''})` : '';
  return new StoryletError(first.code, `fixed inputs ${first.span.line}:${first.span.column}: ${first.message}${more}`, {
    line: first.span.line,
    column: first.span.column,
    problems: all,
  });
}
