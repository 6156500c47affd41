// The load test of networked play (issue 16): 20 AI-vs-AI games at once on one `mtg server
// --network-debug --audit-leaks` process, each played by two `mtg connect` processes (40 client
// processes in all). Every game must finish with zero desyncs, zero errors and zero hidden faces
// sent; the server's peak memory and the games per minute are printed (figures, not assertions:
// the machine's load decides them). With the corpora the games are the 1994–1995 championship
// decks, else the two starter decks.
import { afterAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { CARDS_DIR, haveCorpus } from '../../support/corpora.js';
import { killAll, spawnMtg, startServerProcess, type MtgProcess } from '../../support/net.js';
import { targetDecks } from '../engine/corpus.js';

afterAll(() => killAll());

const GAMES = 20;
const KINDS = ['heuristic', 'random', 'zero'] as const;

/** The decks to play: championship decks by file with the corpora, else the starter decks. */
function deckFiles(): { files: string[]; cards: string; what: string } {
  if (haveCorpus('deepscry-decks', 'forge-cards')) {
    const decks = targetDecks().filter((d) => /championship/.test(d.file));
    if (decks.length >= 2) return { files: decks.map((d) => d.file), cards: CARDS_DIR, what: `${decks.length} championship decks (1994–1995)` };
  }
  return { files: ['starter/red_green_aggro.dck', 'starter/white_blue_control.dck'], cards: 'starter', what: 'the two starter decks' };
}

describe('networked play under load', () => {
  it(`plays ${GAMES} AI-vs-AI games at once on one --network-debug server: zero desyncs, errors and leaks`, async () => {
    const { files, cards, what } = deckFiles();
    const server = await startServerProcess(['--seed', '4242', '--network-debug', '--audit-leaks', '--cards', cards], { timeoutMs: 60_000 });
    const start = performance.now();
    const clients: MtgProcess[] = [];
    const connect = (game: string, name: string, deck: string, kind: string, seed: number): MtgProcess => {
      const p = spawnMtg([
        'connect',
        deck,
        '--server',
        server.address,
        '--name',
        name,
        '--game',
        game,
        '--p',
        kind,
        '--seed-controller',
        String(seed),
        '--cards',
        cards,
        '-v',
        '1',
      ]);
      p.proc.stdin!.end();
      clients.push(p);
      return p;
    };
    // Each game's first client creates it (p1); the second joins once it exists. All twenty games
    // are set up this way at once, so they are in flight together.
    await Promise.all(
      Array.from({ length: GAMES }, async (_, g) => {
        const game = `load-${g}`;
        const a = connect(game, `${game}-a`, files[g % files.length]!, KINDS[g % KINDS.length]!, 100 + g);
        await a.stderr.waitFor(/^mtg connect: joined game .* as p1$/, 180_000);
        connect(game, `${game}-b`, files[(g * 3 + 1) % files.length]!, KINDS[(g + 1) % KINDS.length]!, 200 + g);
      }),
    );
    const exits = await Promise.all(clients.map((c) => c.exited));
    const seconds = (performance.now() - start) / 1000;
    exits.forEach((e, i) => expect(e.code, `client ${i}: ${clients[i]!.stderr.text.slice(-2000)}`).toBe(0));
    const { code } = await server.stop();
    expect(code, server.stderr.text.slice(-3000)).toBe(0);
    const stats = server.stderr.lines.find((l) => / stats games=/.test(l)) ?? '';
    expect(stats, server.stderr.text.slice(-3000)).toMatch(new RegExp(`stats games=${GAMES} finished=${GAMES} desyncs=0 errors=0 frames=\\d+ leaks=0 `));
    expect(server.stderr.lines.filter((l) => /LEAK|DESYNC|ERROR/.test(l))).toEqual([]);
    const peak = /peak-rss-mb=(\d+)/.exec(stats)?.[1];
    console.log(
      `load: ${GAMES} games at once on one --network-debug server (${what}, 40 mtg connect processes): ` +
        `${((GAMES / seconds) * 60).toFixed(1)} games/minute (${seconds.toFixed(1)} s from the first connect to the last exit), server peak memory ${peak} MiB; ${stats}`,
    );
  }, 900_000);
});
