// The public game-action log (issue 16): the `--tag-gamelogs` lines of a local `mtg tui` game are
// the lines each seat's shadow writes in a replicated game (runReplicated, in process), so a
// networked client, which holds only its shadow, prints the same GAMELOG lines as the local game.
import { describe, expect, it } from 'vitest';
import { createController, paint, type ControllerSpec } from '../../../src/mtg/controllers/index.js';
import { readDeck, runReplicated, STARTER_DECKS, starterRegistry, type CardRegistry, type Seat } from '../../../src/mtg/index.js';
import { GameLog, type Verbosity } from '../../../src/mtg/cli/log.js';
import { run as tui } from '../../../src/mtg/cli/tui.js';
import { needsCorpus, REPO, CARDS_DIR } from '../../support/corpora.js';
import { realRegistry, targetDecks } from '../engine/corpus.js';

type Kind = 'random' | 'zero' | 'heuristic' | 'fixed';
const FIXED = 'keep; *; pass';

/** The GAMELOG lines `mtg tui` prints for the game (run in process through the command's own function). */
async function localLines(
  decks: [string, string],
  cards: string,
  seed: string,
  kinds: [Kind, Kind],
  verbosity: Verbosity,
  maxTurns: number,
): Promise<string[]> {
  let out = '';
  let err = '';
  const args = [
    '--seed',
    seed,
    '--p1',
    kinds[0],
    '--p2',
    kinds[1],
    '--tag-gamelogs',
    '-v',
    String(verbosity),
    '--cards',
    cards,
    '--max-turns',
    String(maxTurns),
  ];
  for (const [i, k] of kinds.entries()) if (k === 'fixed') args.push(`--p${i + 1}-fixed-inputs`, FIXED);
  const code = await tui([decks[0], decks[1], ...args], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    cwd: REPO,
  });
  expect(code, err).toBe(0);
  return out.split('\n').filter((l) => l.startsWith('[GAMELOG '));
}

/** Each shadow's GAMELOG lines in the same game played as a golden and two shadows. */
function shadowLines(
  registry: CardRegistry,
  decks: [string[], string[]],
  seed: string,
  kinds: [Kind, Kind],
  verbosity: Verbosity,
  maxTurns: number,
): [string[], string[]] {
  // The controllers `mtg tui` makes: --seed-pN defaults to `<seed>:pN` (cli/seats.ts seatSpec).
  const spec = (k: Kind, n: 1 | 2): ControllerSpec =>
    k === 'fixed' ? { kind: k, script: FIXED } : k === 'zero' ? { kind: k } : { kind: k, seed: `${seed}:p${n}` };
  const controllers = [createController(spec(kinds[0], 1), { registry }), createController(spec(kinds[1], 2), { registry })] as const;
  const r = runReplicated({ registry, decks, seed, explain: true }, controllers, { maxTurns });
  return ([0, 1] as Seat[]).map((s) => {
    const lines: string[] = [];
    new GameLog({ verbosity, tag: true, paint: paint(false), viewer: s, write: (l) => lines.push(l) }).flush(r.shadows[s]);
    return lines;
  }) as [string[], string[]];
}

describe('the public log (--tag-gamelogs)', () => {
  const registry = starterRegistry();
  const files = STARTER_DECKS.map((d) => d.file) as [string, string];
  const decks = STARTER_DECKS.map((d) => readDeck(d.text, d.file, registry).main) as [string[], string[]];
  const games: Array<[string, Kind, Kind, Verbosity, 0 | 1]> = [
    ['1', 'heuristic', 'heuristic', 2, 0],
    ['2', 'random', 'heuristic', 3, 1],
    ['3', 'heuristic', 'random', 3, 0],
    ['4', 'zero', 'random', 2, 1],
    ['5', 'random', 'fixed', 3, 0],
    ['6', 'heuristic', 'heuristic', 3, 1],
  ];
  for (const [seed, a, b, v, swap] of games) {
    it(`a local starter-deck game's GAMELOG lines are each shadow's (seed ${seed}, ${a} vs ${b}, -v ${v})`, async () => {
      const order = (swap ? [1, 0] : [0, 1]) as [0 | 1, 0 | 1];
      const local = await localLines([files[order[0]], files[order[1]]], 'starter', seed, [a, b], v, 40);
      const shadows = shadowLines(registry, [decks[order[0]], decks[order[1]]], seed, [a, b], v, 40);
      expect(local.length).toBeGreaterThan(20);
      expect(shadows[0]).toEqual(local);
      expect(shadows[1]).toEqual(local);
    }, 60_000);
  }
});

describe('the public log on the championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('a local game and each shadow write the same GAMELOG lines, every deck in each seat, each controller kind, -v 3', async () => {
    const registry = realRegistry();
    const decks = targetDecks().filter((d) => d.file.includes('championship'));
    const kinds: Kind[] = ['random', 'heuristic', 'zero', 'fixed'];
    for (let i = 0; i < decks.length; i++) {
      const j = (i + 3) % decks.length;
      const pair: [Kind, Kind] = [kinds[i % 4]!, kinds[(i + 1) % 4]!];
      const seed = String(100 + i);
      const local = await localLines([decks[i]!.file, decks[j]!.file], CARDS_DIR, seed, pair, 3, 12);
      const shadows = shadowLines(registry, [decks[i]!.main, decks[j]!.main], seed, pair, 3, 12);
      expect(shadows[0], `seed ${seed}, decks ${i} and ${j}: p1's shadow`).toEqual(local);
      expect(shadows[1], `seed ${seed}, decks ${i} and ${j}: p2's shadow`).toEqual(local);
    }
  }, 600_000);
});
