/**
 * Reading a fixed-input script: text → commands with positions, or problems with positions.
 * Never throws. Each command (the text between two `;` or line breaks) is parsed on its own, so
 * one bad command is reported without hiding the problems of the others.
 */
import nearley from 'nearley';
import { runGrammar } from '../../core/nearley.js';
import type { Token } from 'moo';
import type { LexToken } from '../../core/token.js';
import { nearest } from '../../core/errors.js';
import type { ChoiceCommand, Command, PlayerWord, Selector, Span, Target } from './ast.js';
import type { Draft, RawTarget } from './build.js';
import { tokSpan } from './build.js';
import grammar from './generated/fixed-input.js';
import { lexer } from './lexer.js';
import { canonicalStep, stepSpellings, type StepName } from './steps.js';

/** Stable codes of the problems a script can have. */
export type InputProblemCode =
  | 'input/syntax'
  | 'input/bad-character'
  | 'input/too-long'
  | 'input/bad-number'
  | 'input/bad-player'
  | 'input/unknown-step'
  | 'input/bad-pass-until'
  | 'input/empty-name';

/** A problem in a script: what, where (offsets, line and column) and how to fix it. */
export interface InputProblem {
  code: InputProblemCode;
  message: string;
  span: Span;
}

/** The commands of a script, in order, and its problems. A script with problems must not be played. */
export interface FixedInputs {
  commands: Command[];
  problems: InputProblem[];
}

/** Longer scripts are refused: a whole game's choices are a few thousand characters. */
export const MAX_SCRIPT_LENGTH = 1_000_000;
/** Menu numbers, turn numbers and ordinals above this are typing mistakes. */
export const MAX_NUMBER = 100_000;

const compiled = nearley.Grammar.fromCompiled(grammar);

const VERBS = [
  'play',
  'cast',
  'activate',
  'attack',
  'target',
  'choose',
  'pass',
  'done',
  'keep',
  'mulligan',
  'yes',
  'no',
  'PASS_UNTIL',
  'expect-refused',
  'expect-offered',
];

/**
 * Parses a fixed-input script: commands separated by `;` or line breaks, `#` comments. Never
 * throws; every problem comes back with its position, and the commands that did parse are
 * returned as well (a script with any problem should still be refused as a whole).
 *
 * @example
 * ```ts
 * const { commands, problems } = parseFixedInputs('play mountain; cast lightning bolt targeting p2');
 * commands.map((c) => c.kind); // ['play', 'cast']
 * problems; // []
 * ```
 */
export function parseFixedInputs(source: string): FixedInputs {
  if (source.length > MAX_SCRIPT_LENGTH) {
    const span = { start: 0, end: 0, line: 1, column: 1 };
    return {
      commands: [],
      problems: [{ code: 'input/too-long', message: `this script is ${source.length} characters long; the limit is ${MAX_SCRIPT_LENGTH}`, span }],
    };
  }
  const { segments, problems } = segment(source);
  const commands: Command[] = [];
  for (const tokens of segments) {
    const parsed = parseSegment(tokens, source);
    if ('problem' in parsed) {
      problems.push(parsed.problem);
      continue;
    }
    const checked = finish(parsed.draft, source);
    if ('problem' in checked) problems.push(checked.problem);
    else commands.push(checked.command);
  }
  problems.sort((a, b) => a.span.start - b.span.start);
  return { commands, problems };
}

/**
 * The tokens nearley sees for a whole script: moo's, without blanks and comments. Exported for
 * the tests, which run nearley over a whole script and count its parses.
 *
 * @example
 * ```ts
 * tokenize('play forest # hi').tokens.map((t) => t.type); // ['kw_play', 'word']
 * ```
 */
export function tokenize(source: string): { tokens: LexToken[]; problems: InputProblem[] } {
  const { tokens, problems } = lex(source);
  return { tokens: tokens.filter((t) => t.type !== 'bad'), problems };
}

/** moo's tokens, with a `bad` token where a character no rule matches was skipped. */
function lex(source: string): { tokens: Token[]; problems: InputProblem[] } {
  const tokens: Token[] = [];
  const problems: InputProblem[] = [];
  let offset = 0;
  let line = 1;
  let column = 1;
  // moo cannot resume after a character no rule matches; restart it after the bad character,
  // carrying the position so spans stay relative to the whole script.
  while (offset < source.length) {
    lexer.reset(source.slice(offset), { line, col: column, state: undefined, queuedToken: null, queuedText: '', queuedThrow: null } as never);
    let lexedTo = offset;
    let failed = false;
    for (;;) {
      let tok: Token | undefined;
      try {
        tok = lexer.next();
      } catch {
        failed = true;
        break;
      }
      if (!tok) break;
      tok.offset += offset;
      lexedTo = tok.offset + tok.text.length;
      if (tok.type === 'nl') {
        line = tok.line + 1;
        column = 1;
      } else {
        line = tok.line;
        column = tok.col + tok.text.length;
      }
      if (tok.type === 'ws' || tok.type === 'comment') continue;
      tokens.push(tok);
    }
    if (!failed) break;
    const ch = source[lexedTo] ?? '';
    const hint = ch === '"' ? ': a quoted name is missing its closing quote (quotes do not span lines)' : '';
    problems.push({
      code: 'input/bad-character',
      message: `unexpected character ${JSON.stringify(ch)}${hint}`,
      span: { start: lexedTo, end: lexedTo + 1, line, column },
    });
    // Marks the command it is in, which segment() then drops: it is reported by this problem.
    tokens.push({ type: 'bad', value: ch, text: ch, offset: lexedTo, lineBreaks: 0, line, col: column });
    // Skip to the end of the line: the rest of a line with an unclosed quote is not commands.
    const nl = source.indexOf('\n', lexedTo);
    const resume = nl === -1 ? source.length : nl;
    column += resume - lexedTo;
    offset = resume;
  }
  return { tokens, problems };
}

/** The script's commands as token lists: split at `;` and line breaks, empty ones dropped. */
function segment(source: string): { segments: Token[][]; problems: InputProblem[] } {
  const { tokens, problems } = lex(source);
  const segments: Token[][] = [];
  let current: Token[] = [];
  for (const tok of tokens) {
    if (tok.type === 'semi' || tok.type === 'nl') {
      if (current.length > 0) segments.push(current);
      current = [];
    } else {
      current.push(tok);
    }
  }
  if (current.length > 0) segments.push(current);
  // A command holding a bad character is reported by that character alone.
  return { segments: segments.filter((s) => !s.some((t) => t.type === 'bad')), problems };
}

function parseSegment(tokens: Token[], source: string): { draft: Draft } | { problem: InputProblem } {
  const run = runGrammar(compiled, tokens);
  if (!run.ok) {
    const tok = run.token ?? tokens[run.at]!;
    return { problem: syntax(`unexpected ${describe(tok)}${expectation(tok, tokens)}`, tokSpan(tok)) };
  }
  if (run.results.length === 0) {
    const last = tokSpan(tokens[tokens.length - 1]!);
    const { message, whole } = incomplete(tokens, source);
    // A bare name is wrong as a whole; a command cut short is missing something at its end.
    const at = whole
      ? { ...tokSpan(tokens[0]!), end: last.end }
      : { start: last.end, end: last.end, line: last.line, column: last.column + (last.end - last.start) };
    return { problem: syntax(message, at) };
  }
  if (run.results.length > 1) {
    // The grammar is written to be unambiguous and the tests hold it to that; reaching here is our bug.
    return { problem: syntax(`internal error: ${run.results.length} parses for one command; please report it`, tokSpan(tokens[0]!)) };
  }
  return { draft: (run.results[0] as Draft[])[0]! };
}

function syntax(message: string, span: Span): InputProblem {
  return { code: 'input/syntax', message, span };
}

function describe(tok: Token): string {
  if (tok.type === 'string') return `quoted name ${tok.text}`;
  return `\`${tok.text}\``;
}

function expectation(tok: Token, tokens: Token[]): string {
  const first = tokens[0]!;
  if (tok.type === 'kw_blocks') return ': a block is written `BLOCKER blocks ATTACKER`';
  if (tok.type === 'kw_targeting') return ': `targeting` follows a `cast` or `activate` command and its card';
  if (tok.type === 'lbracket' || tok.type === 'rbracket') return ': an ordinal is written right after a name, `forest[2]`';
  if (first.type === 'kw_pass_until') return ': PASS_UNTIL takes `turn=N` and/or `phase=NAME`, separated by a comma';
  if (tok.type === 'eq' || tok.type === 'comma') return ': `=` and `,` belong in PASS_UNTIL turn=N,phase=NAME';
  if (tok.type === 'star' || first.type === 'star') return ': `*` is a command of its own: `*;cast fireball`';
  return ': a command is a number, a verb and its card, or `BLOCKER blocks ATTACKER`; separate commands with `;`';
}

/** What a command that ended too early lacks, and whether the whole command is the culprit. */
function incomplete(tokens: Token[], source: string): { message: string; whole: boolean } {
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  const text = source.slice(first.offset, last.offset + last.text.length);
  const cut = (message: string): { message: string; whole: boolean } => ({ message, whole: false });
  if (last.type === 'kw_targeting') return cut(`\`${text}\` ends at \`targeting\`: name the target, \`targeting grizzly\` or \`targeting p2\``);
  if (last.type === 'kw_blocks') return cut(`\`${text}\` ends at \`blocks\`: name the attacker, \`serra blocks assassin\``);
  if (first.type === 'kw_pass_until') return cut('`PASS_UNTIL` needs `turn=N`, `phase=NAME` or both: `PASS_UNTIL turn=3,phase=main2`');
  if (first.type === 'kw_expect_refused' || first.type === 'kw_expect_offered')
    return cut(`\`${first.text}\` needs the command it expects: \`${first.text.toLowerCase()} cast lightning bolt targeting silver knight\``);
  if (tokens.length === 1 && first.type?.startsWith('kw_')) return cut(`\`${first.text}\` needs a card name: \`${first.text.toLowerCase()} lightning bolt\``);
  // A bare name: a verb is missing or misspelt.
  const guess = nearest(first.text, VERBS);
  const hint = guess && first.type === 'word' ? ` (did you mean \`${guess}\`?)` : '';
  return {
    message: `\`${text}\` is not a command${hint}: start with a verb (play, cast, activate, attack, target, choose, pass, done, keep, mulligan, yes, no, PASS_UNTIL), write a menu number, or \`BLOCKER blocks ATTACKER\``,
    whole: true,
  };
}

/** Checks a draft's words and numbers and gives it its text: the command, or its one problem. */
function finish(draft: Draft, source: string): { command: Command } | { problem: InputProblem } {
  if (draft.kind === 'expect') {
    const inner = finish(draft.inner, source);
    if ('problem' in inner) return inner;
    // The grammar lets only choosing commands through (Choice in grammar/fixed-input.ne).
    return {
      command: {
        kind: 'expect',
        expect: draft.expect,
        command: inner.command as ChoiceCommand,
        text: source.slice(draft.span.start, draft.span.end),
        span: draft.span,
      },
    };
  }
  const text = source.slice(draft.span.start, draft.span.end);
  const span = draft.span;
  const problem = (code: InputProblemCode, message: string, at: Span): { problem: InputProblem } => ({ problem: { code, message, span: at } });
  const selector = (s: Selector): Selector | InputProblem => {
    const name = s.quoted ? s.name : source.slice(s.span.start, s.ordinal === undefined ? s.span.end : source.lastIndexOf('[', s.span.end));
    if (!/[\p{L}\p{N}]/u.test(name))
      return { code: 'input/empty-name', message: `${JSON.stringify(name)} has no letter or digit to match a name by`, span: s.span };
    if (s.ordinal !== undefined && (s.ordinal < 1 || s.ordinal > MAX_NUMBER)) {
      return { code: 'input/bad-number', message: `[${s.ordinal}]: ordinals count from 1 (\`forest[2]\` is the second)`, span: s.span };
    }
    return { ...s, name: name.trim() };
  };
  const target = (t: RawTarget): Target | InputProblem => {
    if (t.kind === 'name') {
      const s = selector(t.selector);
      return 'code' in s ? s : { kind: 'name', selector: s };
    }
    const player = playerWord(t.word);
    if (!player) {
      return {
        code: 'input/bad-player',
        message: `${JSON.stringify(t.word)}: players are counted from 1 here: p1 (the first player) and p2 (the second), or me and opponent`,
        span: t.span,
      };
    }
    return { kind: 'player', player, span: t.span };
  };

  switch (draft.kind) {
    case 'index':
      if (draft.index > MAX_NUMBER) return problem('input/bad-number', `${draft.digits} is not a menu number`, span);
      return { command: { kind: 'index', index: draft.index, text, span } };
    case 'wildcard':
    case 'pass':
    case 'done':
    case 'keep':
    case 'mulligan':
    case 'yes':
    case 'no':
      return { command: { kind: draft.kind, text, span } };
    case 'pass-until': {
      let turn: number | undefined;
      let step: StepName | undefined;
      for (const c of draft.conditions) {
        if ((c.key === 'turn' && turn !== undefined) || (c.key === 'step' && step !== undefined)) {
          return problem('input/bad-pass-until', `PASS_UNTIL names the ${c.key === 'turn' ? 'turn' : 'phase'} twice`, c.span);
        }
        if (c.key === 'turn') {
          const n = Number(c.value);
          if (!/^\d+$/.test(c.value) || n < 1 || n > MAX_NUMBER) return problem('input/bad-number', `turn=${c.value}: turns are numbered from 1`, c.valueSpan);
          turn = n;
        } else {
          const s = canonicalStep(c.value);
          if (!s) {
            const guess = nearest(c.value, stepSpellings());
            const hint = guess ? ` (did you mean ${guess}?)` : '';
            return problem(
              'input/unknown-step',
              `unknown phase ${JSON.stringify(c.value)}${hint}; phases are untap, upkeep, draw, main1, combat, beginCombat, declareAttackers, declareBlockers, combatDamage, endCombat, main2, end, cleanup`,
              c.valueSpan,
            );
          }
          step = s;
        }
      }
      return { command: { kind: 'pass-until', ...(turn !== undefined ? { turn } : {}), ...(step !== undefined ? { step } : {}), text, span } };
    }
    case 'play':
    case 'attack': {
      const card = selector(draft.card);
      if ('code' in card) return { problem: card };
      return { command: { kind: draft.kind, card, text, span } };
    }
    case 'cast':
    case 'activate': {
      const card = selector(draft.card);
      if ('code' in card) return { problem: card };
      const targets: Target[] = [];
      for (const t of draft.targets) {
        const checked = target(t);
        if ('code' in checked) return { problem: checked };
        targets.push(checked);
      }
      return { command: { kind: draft.kind, card, targets, text, span } };
    }
    case 'block': {
      const blocker = selector(draft.blocker);
      if ('code' in blocker) return { problem: blocker };
      const attacker = selector(draft.attacker);
      if ('code' in attacker) return { problem: attacker };
      return { command: { kind: 'block', blocker, attacker, text, span } };
    }
    case 'target':
    case 'choose': {
      const checked = target(draft.kind === 'target' ? draft.target : draft.choice);
      if ('code' in checked) return { problem: checked };
      return { command: draft.kind === 'target' ? { kind: 'target', target: checked, text, span } : { kind: 'choose', choice: checked, text, span } };
    }
  }
}

/** `p1`/`player1` is the first player (seat 0), as on the command line (`--p1`). */
function playerWord(word: string): PlayerWord | undefined {
  const w = word.toLowerCase();
  if (w === 'p1' || w === 'player1') return 'p1';
  if (w === 'p2' || w === 'player2') return 'p2';
  if (w === 'me' || w === 'you') return 'me';
  if (w === 'opponent') return 'opponent';
  return undefined;
}
