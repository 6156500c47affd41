// `mtg connect` (issue 16) over real processes on 127.0.0.1: its usage, and local-vs-network
// equivalence — a game played by two `mtg connect` clients on one `mtg server --seed S
// --network-debug --audit-leaks` prints, on both clients, the GAMELOG lines of the same game
// played locally (`mtg tui A B --seed S --seed-p1 N1 --seed-p2 N2 --p1 X --p2 Y --tag-gamelogs`).
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CARDS_DIR, needsCorpus } from '../../support/corpora.js';
import { killAll, spawnMtg, startServerProcess } from '../../support/net.js';
import { targetDecks } from '../engine/corpus.js';
import { equivalent, type Kind } from './helpers.js';

afterAll(() => killAll());

/** A loopback port nobody listens on (taken, then freed). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe('mtg connect: usage and exit codes', () => {
  it('refuses bad usage with exit 2 and one line, and a server that is not there with exit 1', async () => {
    const usage = async (args: string[], re: RegExp): Promise<void> => {
      const p = spawnMtg(['connect', ...args]);
      const { code } = await p.exited;
      expect(code, p.stderr.text).toBe(2);
      expect(p.stderr.text).toMatch(re);
    };
    await usage(['starter/red_green_aggro.dck', '--name', 'ada'], /^mtg connect: --server HOST:PORT is required/);
    await usage(['starter/red_green_aggro.dck', '--server', '127.0.0.1:1'], /--name NAME is required/);
    await usage(['starter/red_green_aggro.dck', '--server', 'nowhere', '--name', 'ada'], /--server takes HOST:PORT/);
    await usage(['starter/red_green_aggro.dck', '--server', '127.0.0.1:1', '--name', 'ada', '--p', 'fixed'], /--p fixed needs its script/);
    await usage(['starter/red_green_aggro.dck', '--server', '127.0.0.1:1', '--name', 'ada', '--p', 'heuristc'], /did you mean "heuristic"/);
    await usage(['nope.dck', '--server', '127.0.0.1:1', '--name', 'ada', '--cards', 'starter'], /mtg\/unknown-deck/);
    const help = spawnMtg(['connect', '--help']);
    expect((await help.exited).code).toBe(0);
    expect(help.stdout.text).toMatch(/^usage: mtg connect DECK --server HOST:PORT --name NAME/);
    const port = await freePort();
    const gone = spawnMtg(['connect', 'starter/red_green_aggro.dck', '--server', `127.0.0.1:${port}`, '--name', 'ada', '--game', 'g', '--cards', 'starter']);
    gone.proc.stdin!.end();
    expect((await gone.exited).code).toBe(1);
    expect(gone.stderr.text).toMatch(/^mtg connect: connection to ws:\/\/127\.0\.0\.1:\d+ failed: .*ECONNREFUSED/m);
  }, 60_000);
});

const RG = 'starter/red_green_aggro.dck';
const WU = 'starter/white_blue_control.dck';

describe('mtg connect: refusals it cannot get past', () => {
  it("a name taken, a wrong password and a missing one end the client with exit 1 and the server's reason", async () => {
    const server = await startServerProcess(['--password', 'sesame', '--cards', 'starter']);
    const client = (name: string, more: string[]) => {
      const p = spawnMtg(['connect', RG, '--server', server.address, '--name', name, '--game', 'g', '--p', 'zero', '--cards', 'starter', ...more]);
      p.proc.stdin!.end();
      return p;
    };
    const first = client('ada', ['--password', 'sesame']);
    await first.stderr.waitFor(/^mtg connect: joined game g as p1$/, 60_000);
    const taken = client('ada', ['--password', 'sesame']);
    expect((await taken.exited).code).toBe(1);
    expect(taken.stderr.text).toMatch(/^mtg connect: refused by the server: net\/name-taken: /m);
    const wrong = client('bob', ['--password', 'open']);
    expect((await wrong.exited).code).toBe(1);
    expect(wrong.stderr.text).toMatch(/^mtg connect: refused by the server: net\/password: /m);
    const none = client('cid', []);
    expect((await none.exited).code).toBe(1);
    expect(none.stderr.text).toMatch(/^mtg connect: the server .* needs a password: --password P$/m);
    await first.kill();
    await server.stop();
  }, 120_000);
});

describe('mtg connect without --game', () => {
  it('lists the games and reads the name of one to create or join from standard input; a full game named asks again', async () => {
    const server = await startServerProcess(['--seed', '3', '--cards', 'starter']);
    const client = (name: string, kind: string) =>
      spawnMtg(['connect', RG, '--server', server.address, '--name', name, '--p', kind, '--seed-controller', '5', '--cards', 'starter', '-v', '1']);
    // Ann is a person: the game's name, then (below) her moves, on one standard input.
    const a = client('ann', 'tui');
    a.write('friday\n');
    await a.stderr.waitFor(/^mtg connect: joined game friday as p1$/, 60_000);
    await a.stdout.waitFor(/^no games on the server yet$/);
    // An empty line lists the games again; then the name.
    const b = client('ben', 'random');
    b.write('\nfriday\n');
    b.proc.stdin!.end();
    await b.stderr.waitFor(/^mtg connect: joined game friday as p2$/, 60_000);
    // The game has started and cannot end before Ann's first move (her input is still open): a
    // third client naming it is told it is full and asked again.
    await server.stderr.waitFor(/game friday started/, 60_000);
    const c = client('cid', 'random');
    c.write('friday\n');
    c.proc.stdin!.end();
    expect((await c.exited).code).toBe(1);
    expect(c.stderr.text).toMatch(/^mtg connect: game friday is full \(ann and ben\); choose another$/m);
    expect(c.stderr.text).toMatch(/standard input ended before a game was named/);
    // Ann quits: she leaves the game, which Ben wins.
    a.write('quit\n');
    a.proc.stdin!.end();
    const [ea, eb] = await Promise.all([a.exited, b.exited]);
    expect(ea.code, a.stderr.text).toBe(0);
    expect(eb.code, b.stderr.text).toBe(0);
    expect(b.stdout.text.match(/^ {2}friday: p1 ann, p2 \(free\)$/gm)).toHaveLength(2);
    expect(b.stdout.text).toMatch(/^Result: p2 \(ben\) wins \(the other seat left\)/m);
    await server.stop();
  }, 120_000);
});

describe('local-vs-network equivalence, the starter decks', () => {
  it('two mtg connect clients print the GAMELOG lines of the local mtg tui game, for every controller kind', async () => {
    const pairs: Array<[Kind, Kind]> = [
      ['heuristic', 'heuristic'],
      ['random', 'zero'],
      ['fixed', 'random'],
      ['tui', 'heuristic'],
      ['zero', 'tui'],
      ['heuristic', 'fixed'],
    ];
    const games = pairs.map(([x, y], i) => ({
      name: `starter-${i}`,
      a: { deck: i % 2 ? WU : RG, kind: x, seed: 10 + i },
      b: { deck: i % 2 ? RG : WU, kind: y, seed: 20 + i },
    }));
    const stats = await equivalent('7', games, 'starter', 2);
    console.log(`equivalence, starter decks: ${stats}`);
  }, 300_000);
});

describe('local-vs-network equivalence, the 1994–1995 championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('a deterministic slice: every deck in each seat, every controller kind in each seat (npm run net:sweep plays every pair)', async () => {
    const decks = targetDecks().filter((d) => d.file.includes('championship'));
    expect(decks.length).toBe(8);
    const kinds: Kind[] = ['random', 'zero', 'heuristic', 'fixed', 'tui'];
    const games = decks.map((d, i) => {
      // Deck i against deck j: each deck once in each seat (j runs over 1, 4, 3, 6, 5, 0, 7, 2).
      const j = (i + 1 + 2 * (i % 2)) % decks.length;
      return {
        name: `champ-${i}-${j}`,
        a: { deck: d.file, kind: kinds[i % 5]!, seed: 100 + i },
        b: { deck: decks[j]!.file, kind: kinds[(i + 2) % 5]!, seed: 200 + i },
      };
    });
    const stats = await equivalent('11', games, CARDS_DIR, 2);
    console.log(`equivalence, championship slice: ${stats}`);
  }, 600_000);
});
