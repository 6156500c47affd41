// Information independence over real games (issue 15): a controller decides from its seat's view
// and the choice point only, so a game in which the faces its seat may not see are shuffled among
// their ids (the opponent's hand and library, the seat's own library) is the same game to it. At
// many decision points of real games, a fork gets its hidden faces permuted; the view, the next
// choice point and every controller's decision must come out the same on both copies, and
// neither the view nor the point may name a hidden face.
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { createController, type ControllerSpec, type SeatController } from '../../../src/mtg/controllers/index.js';
import { createGame, forkGame, type Action, type ChoicePoint, type Controller, type Game, type Seat, type SeatView } from '../../../src/mtg/engine/index.js';
import { publicHash } from '../../../src/mtg/engine/public-hash.js';
import { needsCorpus } from '../../support/corpora.js';
import { permuteHiddenFaces } from '../../support/hidden-permute.js';
import { hiddenFaces, scanForLeaks } from '../../../src/mtg/engine/replica/leak-scan.js';
import { extractDecks } from '../engine/corpus.js';
import { championship, starterCards, starterDecks } from './support.js';

/** The controllers whose decisions are compared, built fresh from a spec for each copy. */
const CHECKED: ControllerSpec[] = [
  { kind: 'random', seed: 'ii-random' },
  { kind: 'zero' },
  { kind: 'heuristic', seed: 'ii-heuristic' },
  // A script that plays lands and a bolt when it can and passes on everything else.
  { kind: 'fixed', script: '*; play mountain; play forest; play island; play plains; play swamp; cast lightning bolt targeting p2; *' },
  { kind: 'replay', choices: Array.from({ length: 4000 }, (_, i) => (i * 7) % 3) },
];

type Stats = { checks: number; sameSeatChecks: number; skipped: number; mismatches: string[] };

/** A decision as a comparable string: the index, or the error a controller threw. */
function decide(spec: ControllerSpec, registry: CardRegistry, view: SeatView, point: ChoicePoint): string {
  try {
    return String(createController(spec, { registry }).choose(view, point));
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return `${e.code ?? 'error'}: ${e.message ?? String(error)}`;
  }
}

/** Whether `seat` learned a card (a reveal addressed to it) in these log entries. */
function revealedTo(actions: readonly Action[], seat: Seat): boolean {
  return actions.some((a) => a.type === 'RevealCard' && a.to.includes(seat));
}

/** Compares the original and the permuted copy at `point` (the deciding seat's): view, point, decisions, and no leak. */
function compare(
  stats: Stats,
  where: string,
  registry: CardRegistry,
  game: Game,
  copy: Game,
  point: ChoicePoint,
  specs: ControllerSpec[],
  scan: boolean,
  cheats: readonly Cheat[],
): void {
  const seat = point.seat;
  const other = copy.pending();
  stats.checks++;
  const problem = (what: string, a: unknown, b: unknown): void => {
    if (stats.mismatches.length < 20)
      stats.mismatches.push(`${where} p${seat + 1} ${point.kind}: ${what}\n  original: ${JSON.stringify(a)}\n  permuted: ${JSON.stringify(b)}`);
  };
  if (!other || other.seat !== seat || JSON.stringify(other) !== JSON.stringify(point)) return problem('the choice point', point, other);
  const viewA = game.view(seat);
  const viewB = copy.view(seat);
  const va = JSON.stringify(viewA);
  const vb = JSON.stringify(viewB);
  if (va !== vb) return problem('the view', va, vb);
  // A search shows the searcher the library (CR 701.19b): its faces are the seat's to see then.
  if (point.kind !== 'search' && scan) {
    const leaks = scanForLeaks({ view: viewA, point }, hiddenFaces(game, seat));
    if (leaks.length > 0) return problem('a hidden face named', leaks.slice(0, 3), null);
  }
  for (const spec of specs) {
    const a = decide(spec, registry, viewA, point);
    const b = decide(spec, registry, viewB, other);
    if (a !== b) problem(`the ${spec.kind} controller's decision`, a, b);
  }
  for (const [i, cheat] of cheats.entries()) {
    const a = cheat(game).choose(viewA, point);
    const b = cheat(copy).choose(viewB, other);
    if (a !== b) problem(`cheat ${i}'s decision`, a, b);
  }
}

/** A controller that is handed the game (what no controller may be): proves the check finds one that reads hidden faces. */
type Cheat = (game: Game) => Controller;

/** How {@link checkGame} plays and checks. */
type CheckOptions = { maxChoices: number; every: number; explain?: boolean; cheats?: readonly Cheat[] };

/**
 * Plays a game with `drivers`, and every `every` decisions checks two things on a fork whose
 * hidden faces are permuted: at the same decision (the deciding seat's view and every
 * controller's answer), and at the next one, which the permuted copy computes afresh (skipped
 * when the choice between showed the seat a card, or when the other seat is asked first: whether
 * it has anything to do is its hidden hand's business, and answered for it when it has not).
 */
function checkGame(
  registry: CardRegistry,
  decks: [string[], string[]],
  seed: string,
  drivers: [ControllerSpec, ControllerSpec],
  { maxChoices, every, explain = false, cheats = [] }: CheckOptions,
): Stats {
  const stats: Stats = { checks: 0, sameSeatChecks: 0, skipped: 0, mismatches: [] };
  // With `explain`, priority points also list what was not offered and why: that must not leak either.
  const game = createGame({ registry, decks, seed, ...(explain ? { explain: true } : {}) });
  const seats: SeatController[] = drivers.map((d) => createController(d, { registry }));
  for (let n = 0; n < maxChoices && game.pending(); n++) {
    const point = game.pending()!;
    const specs = [...CHECKED, seats[point.seat]!.spec()];
    const where = `${seed}#${n} (turn ${point.turn}, ${point.phase})`;
    const check = n % every === 0;
    if (check) {
      const copy = forkGame(game);
      // A search point shows the seat the library it searches: those faces stay put.
      const keep = new Set(point.kind === 'search' ? [...game.state.zones['library-0']!, ...game.state.zones['library-1']!] : []);
      permuteHiddenFaces(copy, point.seat, n + 1, keep);
      // The public hash, and the deciding seat's, see nothing of what was permuted.
      for (const who of [null, point.seat]) {
        const [a, b] = [publicHash(game, who), publicHash(copy, who)];
        if (a !== b && stats.mismatches.length < 20) stats.mismatches.push(`${where}: publicHash(${who}) changed under permuted hidden faces`);
      }
      compare(stats, where, registry, game, copy, point, specs, true, cheats);
      stats.sameSeatChecks++;
    }
    const index = seats[point.seat]!.choose(game.view(point.seat), point);
    const fork = check ? forkGame(game) : null;
    const from = game.actions.length;
    game.choose(index);
    const next = game.pending();
    if (!fork || !next) continue;
    const seat = next.seat;
    // Keep the card the replayed choice names (its offer names that object), and a searched library.
    const action = point.options[index]!.action;
    const keep = new Set<number>('card' in action && action.card ? [action.card.id] : []);
    if (next.kind === 'search') for (const id of [...game.state.zones['library-0']!, ...game.state.zones['library-1']!]) keep.add(id);
    permuteHiddenFaces(fork, seat, n + 7, keep);
    const forkFrom = fork.actions.length;
    fork.choose(index);
    if (revealedTo(game.actions.slice(from), seat) || revealedTo(fork.actions.slice(forkFrom), seat) || fork.pending()?.seat !== seat) {
      stats.skipped++;
      continue;
    }
    compare(stats, `${where} → next`, registry, game, fork, next, [...CHECKED, seats[seat]!.spec()], false, cheats);
  }
  return stats;
}

function total(all: Stats[]): Stats {
  return all.reduce(
    (t, s) => ({
      checks: t.checks + s.checks,
      sameSeatChecks: t.sameSeatChecks + s.sameSeatChecks,
      skipped: t.skipped + s.skipped,
      mismatches: [...t.mismatches, ...s.mismatches],
    }),
    { checks: 0, sameSeatChecks: 0, skipped: 0, mismatches: [] },
  );
}

describe('information independence under permuted hidden faces', () => {
  it('the starter decks: view, next choice point and every controller decide alike', () => {
    const registry = starterCards();
    const [a, b] = starterDecks();
    const drivers: [ControllerSpec, ControllerSpec] = [
      { kind: 'heuristic', seed: 'p1' },
      { kind: 'random', seed: 'p2' },
    ];
    const swapped: [ControllerSpec, ControllerSpec] = [drivers[1], drivers[0]];
    const stats = total([
      checkGame(registry, [a, b], 'ii-starter-1', drivers, { maxChoices: 400, every: 2 }),
      checkGame(registry, [b, a], 'ii-starter-2', swapped, { maxChoices: 400, every: 2, explain: true }),
    ]);
    expect(stats.mismatches).toEqual([]);
    expect(stats.checks).toBeGreaterThan(200);
  }, 120_000);

  it('finds a controller that reads hidden faces (the check is not vacuous)', () => {
    const registry = starterCards();
    // Answers by the name of the top card of the opponent's library, which it may not see.
    const peeker: Cheat = (game) => ({
      name: 'peeker',
      choose: (view, point) => {
        const top = game.state.zones[`library-${view.seat === 0 ? 1 : 0}`]![0];
        const name = top === undefined ? '' : game.state.objects[top]!.card;
        return name.length % point.options.length;
      },
    });
    const stats = checkGame(registry, starterDecks(), 'ii-cheat', [{ kind: 'zero' }, { kind: 'zero' }], { maxChoices: 60, every: 1, cheats: [peeker] });
    expect(stats.mismatches.some((m) => m.includes("cheat 0's decision"))).toBe(true);
  });

  it('a permutation really changes the hidden faces', () => {
    const registry = starterCards();
    const game = createGame({ registry, decks: starterDecks(), seed: 'ii-vacuous' });
    const copy = forkGame(game);
    const seat = game.pending()!.seat;
    expect(permuteHiddenFaces(copy, seat, 1)).toBeGreaterThan(20);
    const libraryCards = (g: Game): string[] => g.state.zones[`library-${seat === 0 ? 1 : 0}`]!.map((id) => g.state.objects[id]!.card);
    expect(libraryCards(copy)).not.toEqual(libraryCards(game));
    expect(JSON.stringify(copy.view(seat))).toBe(JSON.stringify(game.view(seat)));
    // The other seat sees its own hand: its view differs once its hand took other faces.
    const them: Seat = seat === 0 ? 1 : 0;
    expect(JSON.stringify(copy.view(them).hand)).not.toBe(JSON.stringify(game.view(them).hand));
  });

  describe('the 1994–1995 championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
    it('every deck in both seats: view, next choice point and every controller decide alike', () => {
      extractDecks();
      const champ = championship()!;
      const decks = champ.decks.map((d) => d.main);
      const n = decks.length;
      const drivers: Array<[ControllerSpec, ControllerSpec]> = [
        [
          { kind: 'heuristic', seed: 'a' },
          { kind: 'heuristic', seed: 'b' },
        ],
        [
          { kind: 'random', seed: 'a' },
          { kind: 'heuristic', seed: 'b' },
        ],
        [
          { kind: 'heuristic', seed: 'a' },
          { kind: 'random', seed: 'b' },
        ],
      ];
      const runs: Stats[] = [];
      // Each deck meets the next one, in each seat: 2n games.
      for (let i = 0; i < n; i++) {
        for (const [x, y] of [
          [i, (i + 1) % n],
          [(i + 1) % n, i],
        ] as const) {
          runs.push(checkGame(champ.registry, [decks[x]!, decks[y]!], `ii-champ-${x}-${y}`, drivers[(x + y) % drivers.length]!, { maxChoices: 500, every: 4 }));
        }
      }
      const stats = total(runs);
      expect(stats.mismatches).toEqual([]);
      expect(stats.checks).toBeGreaterThan(n * 200);
    }, 300_000);
  });
});
