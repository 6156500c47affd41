/**
 * The `.pzl` reader (reference guide, "The Puzzle (.pzl) Language"; Forge's `Puzzle` and
 * `GameState`): [metadata], [state], [p0_script] / [p1_script] and [assertions]. Card names
 * resolve through the card registry. Never throws: every problem is a {@link PuzzleDiagnostic}
 * naming the file, line and column. A puzzle loads when it has no error diagnostic.
 */
import { basename } from 'node:path';
import type { CardRegistry } from '../cards/index.js';
import { parseFixedInputs } from '../input/index.js';
import type { Assertion } from './assertion-ast.js';
import { parseAssertion } from './assertions.js';
import { DiagnosticSink } from '../cards/diagnostics.js';
import { readTextOrDiagnose } from '../read-file.js';
import { MAX_PUZZLE_CHARS, clip, type PuzzleDiagnostic, type PuzzleDiagnosticCode, type PuzzleSink } from './diagnostics.js';
import { goalAssertions } from './goals.js';
import { pairOf, splitIni, type IniPair, type IniSection } from './ini.js';
import { readGoal, readMetadata } from './metadata.js';
import { PUZZLE_ZONES, type Puzzle, type PuzzleCard, type PuzzleState, type ScriptLine } from './model.js';
import { readState, emptyState } from './state.js';

const KNOWN_SECTIONS = new Set(['metadata', 'state', 'p0_script', 'p1_script', 'assertions']);

/** The `key=value` pairs of a section; other lines are reported. */
function pairsOf(section: IniSection, sink: PuzzleSink): IniPair[] {
  const out: IniPair[] = [];
  for (const l of section.lines) {
    const p = pairOf(l);
    if (p) out.push(p);
    else sink.warn('puzzle/bad-line', l, `a [${section.written}] line is key=value or key:value: ${clip(l.text)}`);
  }
  return out;
}

/** Checks the `Id:n` numbers and every reference to one. */
function checkIds(state: PuzzleState, sink: PuzzleSink): void {
  const cards: PuzzleCard[] = [];
  for (const player of state.players) for (const zone of PUZZLE_ZONES) cards.push(...player.zones[zone]);
  const ids = new Map<number, PuzzleCard>();
  for (const c of cards) {
    if (c.id === undefined) continue;
    const first = ids.get(c.id);
    if (first) sink.error('puzzle/duplicate-id', c, `Id:${c.id} is already the Id of ${clip(first.written, 40)} (line ${first.line})`);
    else ids.set(c.id, c);
  }
  const ref = (at: { line: number; column: number }, id: number, what: string): void => {
    if (!ids.has(id)) sink.error('puzzle/unknown-id', at, `${what} refers to Id:${id}, which no card has (give the card |Id:${id})`);
  };
  for (const c of cards) {
    if (c.attachedTo !== undefined) ref(c, c.attachedTo, `${clip(c.written, 40)} is attached to a card that`);
    if (c.attacking !== undefined && c.attacking !== true && 'id' in c.attacking) ref(c, c.attacking.id, `${clip(c.written, 40)} attacks a planeswalker that`);
    if (c.blocking && 'id' in c.blocking) ref(c, c.blocking.id, `${clip(c.written, 40)} blocks an attacker that`);
    if (c.exiledWith !== undefined) ref(c, c.exiledWith, `${clip(c.written, 40)} was exiled with a card that`);
    for (const id of c.rememberedIds ?? []) ref(c, id, `${clip(c.written, 40)} remembers a card that`);
    for (const id of c.imprintedIds ?? []) ref(c, id, `${clip(c.written, 40)} imprints a card that`);
    const t = c.executeScript?.target;
    if (t && 'id' in t) ref(c, t.id, `${clip(c.written, 40)}'s ExecuteScript targets a card that`);
    if (c.ability !== undefined && !(c.ability.toLowerCase() in state.abilities)) {
      sink.error('puzzle/unknown-ability', c, `${clip(c.written, 40)} gets Ability:${c.ability}, but [state] has no Ability${c.ability}= line`);
    }
  }
  for (const player of state.players) {
    for (const pc of [...player.precast, ...player.putOnStack]) {
      if (pc.target && 'id' in pc.target) ref(pc, pc.target.id, `${clip(pc.written, 40)} targets a card that`);
      if (pc.hostId !== undefined) ref(pc, pc.hostId, `${clip(pc.written, 40)} is cast from a card that`);
    }
  }
}

/**
 * Reads a puzzle. Card names resolve through `registry.lookup` (and `registry.token` for token
 * scripts); an unknown card is a `puzzle/unknown-card` error naming the file, line, column and
 * the nearest known names. Unknown sections, keys and modifiers are kept and warned about. The
 * goal's assertions follow the written ones. Never throws.
 *
 * @example
 * ```ts
 * const puzzle = readPuzzle('[state]\nactivephase=MAIN1\np0hand=Lightning Bolt\np1life=3\n[assertions]\nopponent life le 0\n', 'bolt.pzl', registry);
 * puzzle.state.players[0].zones.hand[0]?.card; // 'Lightning Bolt'
 * puzzle.assertions[0]?.text; // 'opponent life le 0'
 * puzzle.diagnostics; // []
 * ```
 */
export function readPuzzle(text: string, file: string, registry: CardRegistry): Puzzle {
  const sink: PuzzleSink = new DiagnosticSink<PuzzleDiagnosticCode>(file);
  const name = basename(file).replace(/\.pzl$/i, '');
  const puzzle: Puzzle = {
    file,
    name,
    metadata: { unknown: {} },
    state: emptyState(),
    scripts: [null, null],
    assertions: [],
    sections: [],
    diagnostics: sink.items,
  };
  if (text.length > MAX_PUZZLE_CHARS) {
    sink.error('puzzle/too-large', { line: 1, column: 1 }, `this file is ${text.length} characters long; a puzzle is at most ${MAX_PUZZLE_CHARS}`);
    return puzzle;
  }
  const ini = splitIni(text);
  if (ini.preamble.length > 0) {
    sink.warn(
      'puzzle/no-section',
      ini.preamble[0]!,
      `lines before the first [section] are skipped (${ini.preamble.length} line${ini.preamble.length === 1 ? '' : 's'})`,
    );
  }
  const section = (n: string): IniSection | undefined => ini.sections.find((s) => s.name === n);
  for (const s of ini.sections) {
    for (const line of s.repeats)
      sink.warn('puzzle/duplicate-section', { line, column: 1 }, `[${s.written}] was already opened on line ${s.line}; its lines are read as one section`);
    if (!KNOWN_SECTIONS.has(s.name)) {
      puzzle.sections.push({ name: s.written, line: s.line, lines: s.lines.map((l) => ({ line: l.line, column: l.column, text: l.text })) });
      sink.warn(
        'puzzle/unknown-section',
        { line: s.line, column: 1 },
        `unknown section [${s.written}]: kept, not acted on (sections are [metadata], [state], [p0_script], [p1_script], [assertions])`,
      );
    }
  }

  const meta = section('metadata');
  const metadataRead = readMetadata(meta ? pairsOf(meta, sink) : [], sink);
  puzzle.metadata = metadataRead.metadata;
  if (puzzle.metadata.name) puzzle.name = puzzle.metadata.name;

  const stateSection = section('state');
  if (stateSection) {
    puzzle.state = readState(pairsOf(stateSection, sink), { registry, sink });
    checkIds(puzzle.state, sink);
  } else {
    sink.error(
      'puzzle/missing-state',
      { line: 1, column: 1 },
      'a puzzle needs a [state] section (turn, activeplayer, activephase, p0life, p0hand, p0battlefield, ...)',
    );
  }

  (['p0_script', 'p1_script'] as const).forEach((n, seat) => {
    const s = section(n);
    if (!s) return;
    puzzle.scripts[seat] = s.lines.map((l): ScriptLine => ({ line: l.line, column: l.column, text: l.text }));
    // Checked now so a typo is reported at load with its file position, not mid-game.
    for (const l of s.lines) {
      for (const problem of parseFixedInputs(l.text).problems) {
        sink.error('puzzle/script-syntax', { line: l.line, column: l.column + problem.span.column - 1 }, `${problem.code}: ${problem.message}`);
      }
    }
  });

  const written: Assertion[] = [];
  for (const l of section('assertions')?.lines ?? []) {
    const r = parseAssertion(l.text, l);
    if (r.assertion) written.push(r.assertion);
    else if (r.problem) sink.error(r.problem.code, r.problem, r.problem.message);
  }
  const goal = stateSection ? readGoal(metadataRead, puzzle.state, sink) : undefined;
  if (goal) puzzle.goal = goal;
  puzzle.assertions = [...written, ...(goal ? goalAssertions(goal, puzzle.state) : [])];

  sink.items.sort((a, b) => a.line - b.line || a.column - b.column);
  return puzzle;
}

/**
 * Reads a `.pzl` file from disk; a file that cannot be read is a `puzzle/cannot-read`
 * diagnostic, not an exception.
 *
 * @example
 * ```ts
 * const puzzle = readPuzzleFile('puzzles/bolt.pzl', registry);
 * if (puzzleErrors(puzzle).length > 0) process.exit(2);
 * ```
 */
export function readPuzzleFile(path: string, registry: CardRegistry): Puzzle {
  const read = readTextOrDiagnose(path, 'puzzle/cannot-read', 'puzzle');
  if ('text' in read) return readPuzzle(read.text, path, registry);
  // An empty puzzle with the one diagnostic that says why (not the empty text's missing-state).
  const puzzle = readPuzzle('', path, registry);
  puzzle.diagnostics.length = 0;
  puzzle.diagnostics.push(read.diagnostic);
  return puzzle;
}

/**
 * The error diagnostics of a puzzle: a puzzle with any does not load and must not be played.
 *
 * @example
 * ```ts
 * puzzleErrors(readPuzzle('[metadata]\nName:x\n', 'x.pzl', registry)).map((d) => d.code); // ['puzzle/missing-state']
 * ```
 */
export function puzzleErrors(puzzle: Puzzle): PuzzleDiagnostic[] {
  return puzzle.diagnostics.filter((d) => d.severity === 'error');
}
