/**
 * The puzzle solver: a search over seat 0's decisions, on forks of the game a puzzle starts,
 * for a line after which the goal is met and every assertion holds, judged exactly as
 * `runPuzzle` judges (the same referee, turn limit and assertions: src/mtg/puzzles/play.ts).
 *
 * Seat 1 is played as the runner plays it (its script, else the heuristic AI with the runner's
 * seed), so its answers are a function of the game: the puzzle is a one-player search, and a
 * line found replays to the same end. The solver plans on the position the puzzle states, both
 * hands included: it is a solver of puzzles, not a player of games (the `search` controller is
 * that, and sees only its seat's view).
 *
 * The search (docs/mtg/search.md, "Solving puzzles"):
 *
 * 1. the heuristic AI's own line for seat 0, one playout;
 * 2. iterative deepening, depth first, on two measures that take turns ({@link Measure}):
 *    discrepancies from the heuristic AI's choices, and seat 0's actions; at each decision the
 *    heuristic's choice first, then the others by {@link progress}; a transposition table (the
 *    state at each priority decision a line meets, with the priority round and seat 1's memory)
 *    remembers how large a bound each game was searched with and whether its subtree was whole;
 * 3. the same again without the leave-outs (options.ts), when every line under them was tried.
 *
 * Budgets: `budgetNodes` (games made: a fork and an answer) is deterministic, so the same puzzle,
 * seed and budget always give the same answer; `budgetMs` is wall-clock time, for people, and may
 * give another answer on a busier machine.
 */
import { StoryletError } from '../../core/errors.js';
import { valueHash } from '../../core/hash.js';
import type { CardRegistry } from '../cards/index.js';
import type { ChoicePoint } from '../engine/choice.js';
import { forkGame, type Game } from '../engine/index.js';
import { manaSources } from '../engine/costs.js';
import { heuristicSeat } from '../controllers/index.js';
import { passiveIndex } from '../input/index.js';
import type { Puzzle } from '../puzzles/model.js';
import { answer, forkPlay, judgePlay, newPlay, playOn, type PuzzlePlay } from '../puzzles/play.js';
import { beginPuzzle, errorLine, type PuzzleRunResult } from '../puzzles/run.js';
import { candidates, nextMark, type Candidate, type DeclarationMark, type LeaveOuts } from './options.js';
import { progress } from './progress.js';
import { attackThreat, threatScore } from './threat.js';
import { lineScript, verifyLine, type SolvedStep } from './line-script.js';

/** Options of {@link solvePuzzle}. */
export type SolveOptions = {
  registry: CardRegistry;
  /** The runner's seed (default 1): it seeds the game and seat 1's heuristic, as `runPuzzle`'s does. */
  seed?: string | number;
  /** Wall-clock time to search, in milliseconds; may give another answer on a busier machine. */
  budgetMs?: number;
  /** Games to make (one fork and one answer each): deterministic. Default: none when `budgetMs` is given, else 20,000. */
  budgetNodes?: number;
  /** Decisions a play may take before it is a run error (the runner's `maxChoices`, default 5000). */
  maxChoices?: number;
  /**
   * Part of the root's options, for searches split over threads: this search tries only the
   * root options whose rank (in the order the search tries them) modulo `of` is `part`.
   */
  share?: { part: number; of: number };
  /** Asked at every game made: true stops the search (another thread found a line). */
  cancelled?: () => boolean;
  /** Skip the heuristic AI's own line (step 1); for tests of the search itself. */
  noHeuristicLine?: boolean;
  /**
   * When the rollout search takes its turn, as a share of the budget (default ½; 0: first, before
   * deepening; Infinity: never). Threads of one solve take different turns (threads.ts).
   */
  rolloutAt?: number;
  /** The share of the budget the rollout search may spend (default ¼). */
  rolloutShare?: number;
  /**
   * The rollout search's deepest level (default 1), each level walked in turn from the root: at
   * level 1 each option is judged by the heuristic AI's play-out, at level n by a level n−1 walk
   * from it (nested rollouts).
   */
  rolloutLevel?: number;
  /**
   * The rollout search's walks at each level, one for each weight given to the attack seat 0 has
   * set up as it declares its attackers ({@link attackThreat}, {@link threatScore}) beside the
   * play-out's end: default `[0]`, the end alone; `1` counts a point of damage that would get
   * through at 8 (a point of life lost counts 10); `0.001` breaks ties only.
   */
  threatWeights?: readonly number[];
  /**
   * Beam walks after the rollout walks (docs/mtg/search.md, step 8): `width` lines kept at each
   * step, one walk for each threat weight, with `share` of the budget kept for them out of
   * `rolloutShare` (the walks before stop where it begins; what they leave, the beam walks may
   * spend). Default: none.
   */
  beam?: { width: number; share: number };
};

/** How a solve ended. */
export type SolveStatus = 'solved' | 'not-found' | 'load-error' | 'run-error';

/** The result of {@link solvePuzzle}; plain JSON (it crosses worker threads). */
export type SolveResult = {
  file: string;
  name: string;
  status: SolveStatus;
  /** Why it is not solved: a load or run error's reasons, or the budget that ran out. */
  reasons: string[];
  /** Seat 0's decisions along the line found, each with the command that makes it. */
  line?: SolvedStep[];
  /**
   * The line as a fixed-input script for seat 0 (p1 on the command line), one command per
   * decision, passes after the last action left out (a script that ran out passes).
   */
  script?: string;
  /**
   * How the line was found: the heuristic AI's own line, the rollout search's walks, its beam
   * walks, or the search deepening on discrepancies from it or on actions (the bound is in
   * {@link SolveResult.bound}).
   */
  method?: 'heuristic' | 'rollout' | 'beam' | Measure;
  /** Games made (forks answered). */
  nodes: number;
  /** Milliseconds spent. */
  ms: number;
  /** The largest bound searched in full (in both measures), or the one the line was found with. */
  bound: number;
  /** True when every line was tried, without the leave-outs too: the puzzle has none. */
  exhausted: boolean;
  /** With a line: the runner's verdict on the puzzle played with seat 0 fixed to {@link SolveResult.script}. */
  replay?: PuzzleRunResult;
  /**
   * On threads (threads.ts): the part whose line this is, of how many, and the games that part
   * made (`nodes` counts every part's). `solvePuzzle` with `partPlan(part, of)` and a node
   * budget searches as that part did.
   */
  thread?: { part: number; of: number; nodes: number };
};

type Node = {
  play: PuzzlePlay;
  point: ChoicePoint;
  /**
   * A game at the last priority decision before this node, which nothing answers: a fork at any
   * other decision is made from it by replaying the choices since (null before the first one).
   */
  anchor: Game | null;
  /** Seat 0's answers from the root to here. */
  line: number[];
  mark: DeclarationMark | null;
};

/** A line that met the goal; `by` the beam walks when they found it. */
type Found = { solved: number[]; by?: 'beam' };

/** A line played to the end: seat 0's answers from the root, how far it came ({@link progress}), and whether it met the goal. */
type Playout = { line: number[]; score: number; solved: boolean };

/**
 * What an iteration's bound counts. **Discrepancies** from the heuristic AI: its choice at each
 * decision is free, any other costs one. **Actions** of seat 0: at priority and in a declaration
 * anything but passing costs one; what a spell asks as it is cast (X, targets, a mode) counts as
 * discrepancies do.
 */
export type Measure = 'actions' | 'discrepancies';

/** The decisions where counting actions counts anything but passing (options.ts). */
const ACTION_POINTS: ReadonlySet<string> = new Set(['priority', 'attackers', 'blockers']);

/** Thrown inside the search when a budget runs out or the search is cancelled. */
class OutOfBudget extends Error {}

/** Thrown inside deepening when the rollout search's turn has come (half the budget spent). */
class RolloutNow extends Error {}

/** Thrown inside the rollout search when its share of the budget is spent. */
class RolloutSpent extends Error {}

const DEFAULT_NODES = 20_000;

/**
 * The rollout search runs once, when half the budget is spent without a line (so a line deepening
 * finds in the first half is found as before, with the same games), and may spend a quarter of it.
 */
const ROLLOUT_AT = 1 / 2;
const ROLLOUT_SHARE = 1 / 4;
/**
 * The most decisions with a choice one line may pass through in deepening: far beyond any
 * puzzle's line (the longest solved takes a few dozen), well within the stack.
 */
const MAX_BRANCH_DEPTH = 400;

/** How many nodes' option lists and hints {@link LineSearch} keeps before it starts again. */
const NODE_MEMO_MAX = 200_000;

class LineSearch {
  nodes = 0;
  private readonly started: number;
  private readonly budgetNodes: number | undefined;
  /** Transposition tables, one per measure (their bounds count different things). */
  private readonly tables: Record<Measure, Map<string, { bound: number; complete: boolean }>> = { actions: new Map(), discrepancies: new Map() };
  /** What the bound counts in the current iteration. */
  private measure: Measure = 'actions';
  /** Set when an option was left out for its cost during the current iteration. */
  private cut = false;
  /**
   * What each node was found to offer, by its line (a line from the root reaches the same game
   * every time: seat 1 is a function of the game): the heuristic's choice, and the options to try
   * under the current leave-outs. Iterative deepening walks the same nodes again at every bound.
   */
  private readonly hints = new Map<string, number>();
  private readonly optionLists = new Map<string, Candidate[]>();

  constructor(
    private readonly puzzle: Puzzle,
    private readonly options: SolveOptions,
    started: number,
    private leave: LeaveOuts,
    /** A new game at the puzzle's start. */
    private readonly restart: () => Game,
  ) {
    this.started = started;
    this.budgetNodes = options.budgetNodes ?? (options.budgetMs === undefined ? DEFAULT_NODES : undefined);
  }

  /** The heuristic AI's choice at a node, from a fresh controller, so that it depends on the node alone. */
  private hint(play: PuzzlePlay, point: ChoicePoint): number {
    try {
      return heuristicSeat(`${String(this.options.seed ?? 1)}:p1`, this.options.registry).choose(play.game.view(point.seat), point);
    } catch {
      return -1;
    }
  }

  /**
   * A second free choice where the heuristic AI would stop declaring attackers on the puzzle's
   * last turn, when the goal is to win: one more creature attacks the opponent. The heuristic
   * keeps creatures home for the turns after, which a "win this turn" puzzle does not have, and a
   * line that attacks with everything would otherwise pay a discrepancy (and an action) per
   * attacker; the heuristic's own choice stays free too, so its lines cost what they did. Attacks
   * that cost something to declare are not made by default, and a creature with a mana ability
   * stays home: its mana may pay for the trick cast after blockers (Possibility Storm's Ixalan
   * #02, Drover of the Mighty's mana for Dinosaur Stampede), and where its damage is what the
   * line needs, the heuristic's choice or one action more sends it.
   */
  private allOut(play: PuzzlePlay, point: ChoicePoint, chosen: number): number {
    if (point.options[chosen]?.action.verb === 'attack' || !this.lastAttack(play, point)) return chosen;
    const g = play.game.internals;
    const makesMana = new Set(manaSources(g, 0).map((s) => s.id));
    const more = point.options.find(
      (o) => o.action.verb === 'attack' && o.action.defender !== undefined && !o.label.includes('(') && !makesMana.has(o.action.card.id),
    );
    return more?.index ?? chosen;
  }

  /** Whether `point` declares seat 0's attackers on the last turn of a puzzle whose goal is to win. */
  private lastAttack(play: PuzzlePlay, point: ChoicePoint): boolean {
    const goal = this.puzzle.goal?.kind;
    if ((goal !== 'win' && goal !== 'win-before-opponent-turn') || point.kind !== 'attackers' || point.seat !== 0) return false;
    const s = play.game.state;
    return s.active === 0 && (goal !== 'win' || s.turn === play.limit.lastTurn);
  }

  /** Counts a game made; throws {@link OutOfBudget} when a budget has run out. */
  spend(): void {
    if (this.budgetNodes !== undefined && this.nodes >= this.budgetNodes) throw new OutOfBudget();
    if (this.options.budgetMs !== undefined && performance.now() - this.started >= this.options.budgetMs) throw new OutOfBudget();
    if (this.options.cancelled?.()) throw new OutOfBudget();
    if (this.rollout === 'due' && this.spent(this.options.rolloutAt ?? ROLLOUT_AT)) {
      this.rollout = 'done';
      throw new RolloutNow();
    }
    if (this.rolloutEnds && (this.budgetNodes !== undefined ? this.nodes >= this.rolloutEnds.nodes : performance.now() >= this.rolloutEnds.ms))
      throw new RolloutSpent();
    this.nodes++;
  }

  /**
   * Whether `share` of the budget is spent: of the games under a node budget (deterministic), of
   * the time under a time budget alone.
   */
  private spent(share: number): boolean {
    if (this.budgetNodes !== undefined) return this.nodes > this.budgetNodes * share;
    return this.options.budgetMs !== undefined && performance.now() - this.started > this.options.budgetMs * share;
  }

  /** The best line the rollout search played out (its incumbent), when it has run. */
  rolloutBest: number[] | null = null;
  private rolloutBestScore = -Infinity;
  /** Keeps `out` as the rollout search's best line when it came further than any before. */
  private keepBest(out: Playout): void {
    if (out.score <= this.rolloutBestScore) return;
    this.rolloutBestScore = out.score;
    this.rolloutBest = out.line;
  }

  /** The weight of the attack threat in the play-outs of the rollout walk under way (see {@link SolveOptions.threatWeights}). */
  private threatWeight = 0;
  /**
   * The line deepening counts discrepancies from where it passes (the rollout search's best,
   * once it has run): the free option at a node on it is its next answer, elsewhere the heuristic's.
   */
  private reference: number[] | null = null;

  /** Whether deepening counts discrepancies from the rollout search's best line. */
  get recentred(): boolean {
    return this.reference !== null;
  }

  /**
   * Deepening from here on counts discrepancies from `line`. What the tables knew of a bound is
   * forgotten, since bounds now count from another line; a game whose every line below was tried
   * (`complete`) stays known: that holds whatever the bound counts.
   */
  recentre(line: number[]): void {
    this.reference = line;
    for (const t of Object.values(this.tables)) for (const [key, seen] of t) if (!seen.complete) t.delete(key);
  }

  /** How many {@link LineSearch.dfs} calls are open: the line's decisions with a choice, to here. */
  private depth = 0;
  /** The rollout search's turn: `due` until it has come (unless the plan has none), then `done`. */
  rollout: 'due' | 'done' = 'done';
  /** While the rollout search runs, where its share of the budget ends. */
  private rolloutEnds: { nodes: number; ms: number } | null = null;

  relax(leave: LeaveOuts): void {
    this.leave = leave;
    for (const t of Object.values(this.tables)) t.clear();
    this.optionLists.clear();
  }

  /**
   * A copy of the node's play. The engine forks a game at a priority decision by copying its
   * state; at any other decision it would replay the game from a checkpoint, which a game keeps
   * only by copying its state at every priority decision (costly for a search that makes
   * thousands). The search keeps its own: the node's anchor, forked and brought to the node by its
   * choices since.
   */
  private fork(node: Node): PuzzlePlay {
    const { play, anchor } = node;
    if (play.game.internals.priority !== null) return forkPlay(play, this.options.registry);
    // Before the first priority decision, the puzzle's start is the anchor.
    const game = anchor ? forkGame(anchor) : this.restart();
    for (const c of play.game.choices.slice(game.choices.length)) game.choose(c);
    return forkPlay(play, this.options.registry, game);
  }

  /** The anchor of the decisions below `node`: its own game at a priority decision, else its anchor. */
  private anchorOf(node: Node): Game | null {
    return node.play.game.internals.priority !== null ? node.play.game : node.anchor;
  }

  /** The heuristic AI's line for seat 0, played out on a fork; its answers when it meets the goal. */
  heuristicLine(root: Node): Found | null {
    const out = this.playout(root, forkPlay(root.play, this.options.registry));
    return out.solved ? { solved: out.line } : null;
  }

  /**
   * The heuristic AI's play from `node` to the end, on `play` (a copy of the node's): the line
   * from the root, and how far the end came ({@link progress}), or the line when it met the goal.
   */
  private playout(node: Node, play: PuzzlePlay, allOut = false): Playout {
    const seat = heuristicSeat(`${String(this.options.seed ?? 1)}:p1`, this.options.registry);
    const line = [...node.line];
    let threat = 0;
    try {
      for (let point: ChoicePoint | null = node.point; point; point = playOn(play)) {
        this.spend();
        // The attack as it is about to be declared: what the moves before it set up.
        if (this.threatWeight !== 0 && point.kind === 'attackers' && point.seat === 0 && !play.game.internals.s.combat?.attackers.length)
          threat = this.threatWeight * threatScore(attackThreat(play.game, 0), play.game.state.players[1].life);
        const chosen = seat.choose(play.game.view(0), point);
        const index = allOut ? this.allOut(play, point, chosen) : chosen;
        line.push(index);
        answer(play, index);
      }
    } catch (error) {
      if (error instanceof OutOfBudget || error instanceof RolloutSpent) throw error;
      return { line, score: -Infinity, solved: false }; // an engine or controller error ends this play-out
    }
    const solved = judgePlay(this.puzzle, play, { log: false }).status === 'pass';
    return { line, score: progress(play) + threat, solved };
  }

  /**
   * The rollout search (the rollout algorithm, fortified): walking one line from the root, at
   * each of seat 0's decisions with a choice every option is played out by the heuristic AI to
   * the end, and the line goes on with the option whose play-out came furthest towards the goal
   * ({@link progress} at its end) — or, when none beat the best play-out met so far, with that
   * one's next answer, so the line never ends worse than the best it has seen. Each step mends
   * the heuristic's line where mending it pays by itself (a pump before the attack, a blocker
   * removed first), so it reaches lines of many discrepancies at the cost of a few play-outs per
   * decision, where deepening pays some ten times more for each.
   */
  rolloutLine(root: Node): Found | null {
    const share = this.options.rolloutShare ?? ROLLOUT_SHARE;
    const beam = this.options.beam;
    const begun = { nodes: this.nodes, ms: performance.now() };
    const until = (part: number): { nodes: number; ms: number } => ({
      nodes: begun.nodes + Math.floor((this.budgetNodes ?? 0) * part),
      ms: begun.ms + (this.options.budgetMs ?? 0) * part,
    });
    try {
      // The nested walks leave the beam walks their share (see SolveOptions.beam).
      this.rolloutEnds = until(share - (beam?.share ?? 0));
      try {
        // Each level in turn: a level-1 walk costs a few hundred games and meets what it meets
        // before the nested walks, which cost some ten times more, begin.
        // At each level a walk for each weight of the attack threat: the end alone follows what a
        // move gains by itself, the threat follows the moves that only set the attack up.
        for (let level = 1; level <= (this.options.rolloutLevel ?? 1); level++) {
          for (const weight of this.options.threatWeights ?? [0]) {
            this.threatWeight = weight;
            const out = this.rolloutWalk({ ...root, play: this.fork(root) }, level);
            if (out.solved) return { solved: out.line };
          }
        }
      } catch (error) {
        if (!(error instanceof RolloutSpent)) throw error;
      }
      if (beam) {
        this.rolloutEnds = until(share);
        for (const weight of this.options.threatWeights ?? [0]) {
          this.threatWeight = weight;
          const out = this.beamWalk({ ...root, play: this.fork(root) }, beam.width);
          if (out.solved) return { solved: out.line, by: 'beam' };
        }
      }
      return null;
    } catch (error) {
      if (error instanceof RolloutSpent) return null;
      throw error;
    } finally {
      this.rolloutEnds = null;
      this.threatWeight = 0;
    }
  }

  /**
   * The rollout search's walk (see {@link LineSearch.rolloutLine}); above level 1 each option is
   * judged by a walk of its own a level down rather than by a play-out (nested rollouts). Level 2
   * costs some ten times level 1 (thousands of games on a Possibility Storm board against
   * hundreds), so only a thread of its own walks it (threads.ts); `rolloutBest` is the best line
   * any walk met, at any level.
   */
  private rolloutWalk(start: Node, level: number): Playout {
    let node = start;
    let best: Playout | null = null;
    for (;;) {
      const list = candidates(node.play.game, node.point, node.mark, this.leave);
      if (list.length === 0) return best ?? { line: node.line, score: -Infinity, solved: false };
      const anchor = this.anchorOf(node);
      if (list.length > 1 || !best) {
        for (const c of list) {
          this.spend();
          const next = this.step(node, this.fork(node), c, anchor);
          if (next === null) continue;
          if ('solved' in next) return { line: next.solved, score: Infinity, solved: true };
          const out = level <= 1 ? this.playout(next, next.play) : this.rolloutWalk(next, level - 1);
          if (out.solved) return out;
          if (!best || out.score > best.score) best = out;
          this.keepBest(out);
        }
        if (!best) return { line: node.line, score: -Infinity, solved: false };
      }
      // The best play-out met so far passes through this node: follow its next answer.
      const index = best.line[node.line.length];
      if (index === undefined) return best;
      const c = list.find((x) => x.index === index) ?? { index, cost: 0 as const };
      this.spend();
      // At a priority decision the node's game is the anchor the decisions below fork from, so it
      // must stay there: answered in place, it would move on, and a fork of it at the next target
      // or cost decision would replay the game from its start and keep checkpoints from then on
      // (a state copy at every priority decision of every game forked from it).
      const next = this.step(node, anchor === node.play.game ? this.fork(node) : node.play, c, anchor);
      if (next === null) return best;
      if ('solved' in next) return { line: next.solved, score: Infinity, solved: true };
      node = next;
    }
  }

  /**
   * The beam walk: the rollout walk keeping `width` lines rather than one. Each layer's lines are
   * at one of seat 0's decisions with a choice; every option of every line is played out by the
   * heuristic AI to the end, and the `width` options whose play-outs came furthest (one for each
   * game they lead to) are the next layer's lines. A line the play-outs of one step rank second
   * or third (a blocker removed before the pump that the walk takes first) is kept, where the
   * rollout walk commits to the best at every step and can only come back along its best line.
   */
  private beamWalk(start: Node, width: number): Playout {
    let layer: Node[] = [start];
    let best: Playout | null = null;
    while (layer.length > 0) {
      const ranked: Array<{ node: Node; c: Candidate; anchor: Game | null; score: number; key: string }> = [];
      for (let node of layer) {
        // Decisions with one option to try are answered in place: they are no step of the walk.
        let list = candidates(node.play.game, node.point, node.mark, this.leave);
        while (list.length === 1) {
          this.spend();
          const anchor = this.anchorOf(node);
          const next = this.step(node, anchor === node.play.game ? this.fork(node) : node.play, list[0]!, anchor);
          if (next === null) break;
          if ('solved' in next) return { line: next.solved, score: Infinity, solved: true };
          node = next;
          list = candidates(node.play.game, node.point, node.mark, this.leave);
        }
        if (list.length < 2) continue;
        const anchor = this.anchorOf(node);
        for (const c of list) {
          this.spend();
          const next = this.step(node, this.fork(node), c, anchor);
          if (next === null) continue;
          if ('solved' in next) return { line: next.solved, score: Infinity, solved: true };
          const key = this.gameKey(next);
          const out = this.playout(next, next.play);
          if (out.solved) return out;
          if (!best || out.score > best.score) best = out;
          this.keepBest(out);
          ranked.push({ node, c, anchor, score: out.score, key });
        }
      }
      // Stable: among equal scores the line kept first, then the option offered first.
      ranked.sort((a, b) => b.score - a.score);
      const seen = new Set<string>();
      const next: Node[] = [];
      for (const r of ranked) {
        if (next.length >= width) break;
        if (r.score === -Infinity || seen.has(r.key)) continue;
        seen.add(r.key);
        this.spend();
        const child = this.step(r.node, this.fork(r.node), r.c, r.anchor);
        if (child === null) continue;
        if ('solved' in child) return { line: child.solved, score: Infinity, solved: true };
        next.push(child);
      }
      layer = next;
    }
    return best ?? { line: start.line, score: -Infinity, solved: false };
  }

  /** One iteration: every line from `root` within `bound` of the measure. Returns whether it cut one off. */
  iterate(root: Node, measure: Measure, bound: number): { found: Found | null; cut: boolean } {
    this.measure = measure;
    this.cut = false;
    const found = this.dfs(root, bound, true);
    return { found, cut: this.cut };
  }

  /**
   * The transposition key of a node at a priority decision: the state (`stateHash()` without the
   * table's piles, which the state's zones mirror), the priority round, and seat 1's memory.
   * Other decisions (a target, a declaration) are not looked up: two lines rarely meet there.
   */
  private key(node: Node): string | null {
    const { play } = node;
    const g = play.game.internals;
    if (g.priority === null) return null;
    return `${valueHash(this.stateParts(play))}|${node.point.options.length}`;
  }

  /**
   * What a beam walk tells two of its lines apart by, at any decision: the transposition key's
   * parts and the decision asked (its prompt and options), since away from priority the engine's
   * continuation is not in the state.
   */
  private gameKey(node: Node): string {
    const { point } = node;
    return valueHash([...this.stateParts(node.play), point.kind, point.prompt, point.options.map((o) => o.label)]);
  }

  /** What two games that go on alike share: the state, the random stream's position, the priority round, and seat 1's memory. */
  private stateParts(play: PuzzlePlay): unknown[] {
    const g = play.game.internals;
    const memory = (play.seats[1]?.spec() as { state?: unknown } | undefined)?.state ?? null;
    return [g.s, g.rng.state(), g.priority?.frame ?? null, memory];
  }

  /** The options to try at a node within `bound`, the heuristic's choice first; marks a cut when one costs too much. */
  private viable(node: Node, bound: number, root: boolean): { list: Candidate[]; hinted: number } {
    const { play, point } = node;
    const id = node.line.join(',');
    // Bounded, so a long search does not grow them for ever; cleared at a point that depends on
    // the nodes searched alone, so the search stays a function of its budget.
    if (this.optionLists.size >= NODE_MEMO_MAX) {
      this.optionLists.clear();
      this.hints.clear();
    }
    let list = this.optionLists.get(id);
    if (!list) this.optionLists.set(id, (list = candidates(play.game, point, node.mark, this.leave)));
    // The heuristic's choice first: what an experienced player would try.
    let hinted = -1;
    if (list.length > 1) {
      const onReference = this.reference !== null && node.line.length < this.reference.length && node.line.every((x, i) => x === this.reference![i]);
      if (onReference) hinted = this.reference![node.line.length]!;
      else {
        const known = this.hints.get(id);
        if (known === undefined) this.hints.set(id, (hinted = this.hint(play, point)));
        else hinted = known;
      }
    }
    let first = list.findIndex((c) => c.index === hinted);
    const alt = hinted >= 0 ? this.allOut(play, point, hinted) : hinted;
    const second = alt === hinted ? -1 : list.findIndex((c) => c.index === alt);
    if (this.measure === 'discrepancies' || !ACTION_POINTS.has(point.kind)) {
      // The heuristic's choice is free, every other option one discrepancy; where the heuristic
      // chose an option left out, the point's passive answer (or its first) is the free one.
      // Counting actions, the same holds for what a spell asks as it is cast (its X, its
      // targets, its mode): free, those answers multiply (three targets of twelve, 220 sets).
      const passive = list.findIndex((c) => c.index === passiveIndex(point));
      if (first < 0) first = Math.max(0, passive);
      list = list.map((c, i) => ({ index: c.index, cost: i === first || i === second ? 0 : 1 }));
    } else if (second >= 0) {
      // Counting actions too, the all-out attack's next attacker is free (see allOut).
      list = list.map((c, i) => (i === second ? { index: c.index, cost: 0 } : c));
    }
    // The heuristic's choice first, then the all-out attack.
    const all = list;
    const order = [first, second].filter((i, k, xs) => i >= 0 && i < all.length && xs.indexOf(i) === k);
    if (order.length > 0) list = [...order.map((i) => all[i]!), ...all.filter((_, i) => !order.includes(i))];
    if (list.some((c) => c.cost > bound)) {
      this.cut = true;
      list = list.filter((c) => c.cost <= bound);
    }
    if (root && this.options.share) {
      const { part, of } = this.options.share;
      list = list.filter((_, rank) => rank % of === part);
    }
    return { list, hinted };
  }

  /**
   * Answers a node's decision with `c` on `play` (the node's own or a copy) and plays on to the
   * next decision of seat 0: the node there, the line when the play stopped with the puzzle
   * solved, or null when it stopped otherwise or failed.
   */
  private step(node: Node, play: PuzzlePlay, c: Candidate, anchor: Game | null): Node | Found | null {
    let next: ChoicePoint | null;
    try {
      answer(play, c.index);
      next = playOn(play);
    } catch {
      return null; // an engine or controller error ends this line; the others go on
    }
    const line = [...node.line, c.index];
    if (!next) return judgePlay(this.puzzle, play, { log: false }).status === 'pass' ? { solved: line } : null;
    const mark = nextMark(node.point, node.point.options[c.index]!, next, this.leave);
    return { play, point: next, anchor, line, mark };
  }

  /**
   * Searches below `start` within `bound`; on failure, records every priority decision it met
   * on the way in the transposition table, with the bound left there and whether nothing below
   * was cut off.
   */
  private dfs(start: Node, bound: number, root = false): Found | null {
    // A line whose free choices never end (a {0} ability the heuristic activates again and again)
    // would recurse until the stack runs out: past this many choices with a choice to make, the
    // line is cut off like one over its bound.
    if (this.depth >= MAX_BRANCH_DEPTH) {
      this.cut = true;
      return null;
    }
    const cutBefore = this.cut;
    this.cut = false;
    const met: Array<{ key: string; bound: number }> = [];
    this.depth++;
    let found: Found | null;
    try {
      found = this.walk(start, bound, root, met);
    } finally {
      this.depth--;
    }
    if (!found) for (const m of met) this.tables[this.measure].set(m.key, { bound: m.bound, complete: !this.cut });
    this.cut = this.cut || cutBefore;
    return found;
  }

  /** Whether the table says a game was searched within `bound` already (and marks a cut when that search was cut). */
  private known(key: string | null, bound: number): boolean {
    const seen = key === null ? undefined : this.tables[this.measure].get(key);
    if (!seen || !(seen.complete || seen.bound >= bound)) return false;
    if (!seen.complete) this.cut = true;
    return true;
  }

  private walk(start: Node, bound: number, root: boolean, met: Array<{ key: string; bound: number }>): Found | null {
    let node = start;
    for (;;) {
      // Lines that part and meet again (passes in another order, a deviation that changed
      // nothing) meet at priority decisions: the first one there searches on, the others stop.
      const key = this.key(node);
      if (this.known(key, bound)) return null;
      if (key !== null) met.push({ key, bound });
      const { list, hinted } = this.viable(node, bound, root);
      if (list.length === 0) return null;
      if (list.length === 1 && !root) {
        // One option left to try: answered on the node's own game, without a copy (its
        // descendants fork from the anchor before it). Most of a turn is passes.
        this.spend();
        const c = list[0]!;
        const next = this.step(node, node.play, c, node.anchor);
        if (next === null || 'solved' in next) return next;
        bound -= c.cost;
        node = next;
        continue;
      }
      const { play } = node;
      const atPriority = play.game.internals.priority !== null;
      const anchor = atPriority ? play.game : node.anchor;
      const children: Array<{ node: Node | null; cost: number; score: number; rank: number }> = [];
      for (const [rank, c] of list.entries()) {
        this.spend();
        // The last option may have the node's own game, unless the root's (the next iteration
        // starts from it) or the anchor of the decisions below.
        const last = rank === list.length - 1;
        const next = this.step(node, last && !root && !atPriority ? play : this.fork(node), c, anchor);
        if (next === null) continue;
        if ('solved' in next) return next;
        children.push({ node: next, cost: c.cost, score: c.index === hinted ? Infinity : progress(next.play), rank });
      }
      children.sort((a, b) => b.score - a.score || a.rank - b.rank);
      for (const child of children) {
        const found = this.dfs(child.node!, bound - child.cost);
        if (found) return found;
        // Done with it: let the collector have its game while the siblings are searched.
        child.node = null;
      }
      return null;
    }
  }
}

/**
 * Searches for a line of seat 0's decisions after which the puzzle's goal is met and all its
 * assertions hold (see the module's comment). Never throws for a bad puzzle: one that does not
 * load or cannot be set up is `load-error` or `run-error`, as `runPuzzle` says.
 *
 * @example
 * ```ts
 * const result = solvePuzzle(readPuzzleFile('mate-in-one.pzl', registry), { registry, budgetNodes: 2000 });
 * result.status; // 'solved'
 * result.script; // 'cast Lightning Bolt; target p2'
 * ```
 */
export function solvePuzzle(puzzle: Puzzle, options: SolveOptions): SolveResult {
  const started = performance.now();
  const base = { file: puzzle.file, name: puzzle.name };
  const seed = options.seed ?? 1;
  const finish = (r: Omit<SolveResult, 'file' | 'name' | 'ms'>): SolveResult => ({ ...base, ...r, ms: Math.round(performance.now() - started) });
  if (options.budgetNodes !== undefined && !(Number.isInteger(options.budgetNodes) && options.budgetNodes >= 0))
    throw new StoryletError('search/bad-budget', `budgetNodes is a whole number of games, not ${String(options.budgetNodes)}`);
  if (options.budgetMs !== undefined && !(Number.isFinite(options.budgetMs) && options.budgetMs >= 0))
    throw new StoryletError('search/bad-budget', `budgetMs is a number of milliseconds, not ${String(options.budgetMs)}`);
  const { beam } = options;
  if (beam !== undefined && !(Number.isInteger(beam.width) && beam.width >= 1 && Number.isFinite(beam.share) && beam.share >= 0 && beam.share <= 1))
    throw new StoryletError(
      'search/bad-budget',
      `beam is { width, share }: a whole number of lines from 1 and a share of the budget from 0 to 1, not ${JSON.stringify(beam)}`,
    );
  const runOptions = { registry: options.registry, seed, ...(options.maxChoices !== undefined ? { maxChoices: options.maxChoices } : {}) };
  const begun = beginPuzzle(puzzle, runOptions);
  if ('result' in begun) return finish({ status: begun.result.status as SolveStatus, reasons: begun.result.reasons, nodes: 0, bound: 0, exhausted: false });
  const { start, seats } = begun;
  // Seat 0 is the search's: the play waits at each of its decisions. A p0 script, if the puzzle
  // has one, is what the search replaces.
  const root = newPlay(start.game, [null, seats[1]], start.limit, options.maxChoices);
  let first: ChoicePoint | null;
  try {
    first = playOn(root);
  } catch (error) {
    return finish({ status: 'run-error', reasons: [errorLine(error)], nodes: 0, bound: 0, exhausted: false });
  }
  const solved = (line: number[], method: 'heuristic' | 'rollout' | 'beam' | Measure, nodes: number, bound: number): SolveResult => {
    let steps: SolvedStep[];
    let script: string;
    try {
      ({ steps, script } = lineScript(puzzle, runOptions, line));
    } catch (error) {
      // A line no script can write, or one that replays otherwise: a bug to show, not a line.
      return finish({ status: 'run-error', reasons: [errorLine(error)], method, nodes, bound, exhausted: false });
    }
    // The line is checked as the corpus run checks it: the ordinary runner with seat 0 fixed.
    const replay = verifyLine(puzzle, runOptions, script);
    if (replay.status !== 'pass') {
      const why = `search/replay-mismatch: the line found does not replay to the goal through the runner (${replay.reasons[0] ?? replay.status}); script: ${script}`;
      return finish({ status: 'run-error', reasons: [why], line: steps, script, method, nodes, bound, exhausted: false, replay });
    }
    return finish({ status: 'solved', reasons: [], line: steps, script, method, nodes, bound, exhausted: false, replay });
  };
  if (!first) {
    // Seat 0 is never asked: the puzzle is decided as it stands.
    const passed = judgePlay(puzzle, root, { log: false }).status === 'pass';
    return passed
      ? solved([], 'heuristic', 0, 0)
      : finish({
          status: 'not-found',
          reasons: ['seat 0 is never asked a decision, and the puzzle is not met as it stands'],
          nodes: 0,
          bound: 0,
          exhausted: true,
        });
  }
  const restart = (): Game => {
    const again = beginPuzzle(puzzle, runOptions);
    if ('result' in again) throw new StoryletError('search/replay', `the puzzle no longer starts: ${again.result.reasons.join('; ')}`);
    return again.start.game;
  };
  const search = new LineSearch(puzzle, options, started, { taps: true, twins: true, windows: true, orders: true }, restart);
  let bound: number;
  let complete = -1;
  const top: Node = { play: root, point: first, anchor: null, line: [], mark: null };
  try {
    if (!options.noHeuristicLine) {
      const found = search.heuristicLine(top);
      if (found) return solved(found.solved, 'heuristic', search.nodes, 0);
    }
    if (options.rolloutAt !== Infinity) search.rollout = 'due';
    for (const relaxed of [false, true]) {
      if (relaxed) search.relax({ taps: false, twins: false, windows: false, orders: false });
      // The two measures take turns, each one bound further: lines of few discrepancies are the
      // heuristic's play mended in few places, lines of few actions the short combinations.
      for (bound = relaxed ? Math.max(0, complete) : 0; ; bound++) {
        let exhausted = false;
        let recentred = false;
        for (const measure of ['discrepancies', 'actions'] as const) {
          let result;
          try {
            result = search.iterate(top, measure, bound);
          } catch (error) {
            if (!(error instanceof RolloutNow)) throw error;
            // Half the budget spent without a line: the rollout search's turn, then this
            // iteration again (what it had searched whole is in the transposition table).
            const found = search.rolloutLine(top);
            if (found) return solved(found.solved, found.by ?? 'rollout', search.nodes, bound);
            if (search.rolloutBest) {
              // Its best line is a better line to mend than the heuristic's: deepening starts
              // again from bound 0, counting discrepancies from it.
              search.recentre(search.rolloutBest);
              recentred = true;
              break;
            }
            result = search.iterate(top, measure, bound);
          }
          const { found, cut } = result;
          if (found) return solved(found.solved, measure, search.nodes, bound);
          exhausted ||= !cut;
        }
        if (recentred) {
          bound = -1;
          complete = -1;
          continue;
        }
        complete = bound;
        if (exhausted) break;
      }
    }
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    const from = search.recentred ? " from the rollout search's best line" : '';
    const why = `no line found within the budget (${search.nodes} nodes, ${Math.round(performance.now() - started)} ms; every line of up to ${Math.max(0, complete)} actions or discrepancies${from} tried)`;
    return finish({ status: 'not-found', reasons: [why], nodes: search.nodes, bound: Math.max(0, complete), exhausted: false });
  }
  return finish({ status: 'not-found', reasons: ['no line meets the goal: every line was tried'], nodes: search.nodes, bound: complete, exhausted: true });
}
