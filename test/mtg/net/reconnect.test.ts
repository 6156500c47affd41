// Reconnecting (issue 16) over real processes on 127.0.0.1: a client process killed mid-game, then
// `mtg connect --reconnect TOKEN` (the token from its stderr, or from --token-file) takes the seat
// back; the game finishes, and both the reconnected client's GAMELOG lines (the whole game: it
// rebuilds its shadow from the seat's history, asking its controller again) and the other
// client's equal those of the same game played locally without interruption. A person's seat
// (`--p tui`) is not asked its past decisions again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, scratchDir, spawnMtg, startServerProcess, type MtgProcess } from '../../support/net.js';
import { FIXED, gamelog, lastPrompts, localGame, prompts, stopClean, TUI_INPUT, type SeatPlan } from './helpers.js';

afterAll(() => killAll());

const RG = 'starter/red_green_aggro.dck';
const WU = 'starter/white_blue_control.dck';

describe('mtg connect --reconnect', () => {
  it('a client killed mid-game takes its seat back and the game ends as the uninterrupted local game', async () => {
    const { dir, done } = scratchDir();
    const server = await startServerProcess(['--seed', '9', '--network-debug', '--audit-leaks', '--cards', 'starter']);
    const connect = (game: string, name: string, s: SeatPlan, more: string[] = []): MtgProcess => {
      const args = ['connect', s.deck, '--server', server.address, '--seed-controller', String(s.seed), '--p', s.kind, '--tag-gamelogs', '--cards', 'starter'];
      if (s.kind === 'fixed') args.push('--fixed-inputs', FIXED);
      const p = spawnMtg([...args, ...(name ? ['--name', name, '--game', game] : []), ...more]);
      if (s.kind === 'tui') p.write(TUI_INPUT);
      p.proc.stdin!.end();
      return p;
    };
    /** One game: seat `victim` is killed once its log reaches turn `at`, then reconnected. */
    const game = async (name: string, a: SeatPlan, b: SeatPlan, victim: 0 | 1, at: number): Promise<void> => {
      const tokenFile = join(dir, `${name}.token`);
      const first = connect(name, `${name}-a`, a, victim === 0 ? ['--token-file', tokenFile] : []);
      await first.stderr.waitFor(/^mtg connect: joined game .* as p1$/, 60_000);
      const second = connect(name, `${name}-b`, b, victim === 1 ? ['--token-file', tokenFile] : []);
      const killed = victim === 0 ? first : second;
      const token = (await killed.stderr.waitFor(/^mtg connect: token \S+$/)).replace(/^mtg connect: token /, '');
      await killed.stdout.waitFor(new RegExp(`^\\[GAMELOG Turn${at} `), 120_000);
      const gone = await killed.kill('SIGKILL');
      expect(gone.signal).toBe('SIGKILL');
      const before = gamelog(killed.stdout.lines);
      // The token as --token-file wrote it: the same as the one printed.
      expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
      const back = connect(name, '', victim === 0 ? a : b, ['--reconnect', token]);
      const other = victim === 0 ? second : first;
      const [eb, eo] = await Promise.all([back.exited, other.exited]);
      expect(eb.code, back.stderr.text).toBe(0);
      expect(eo.code, other.stderr.text).toBe(0);
      // The other seat was told its opponent dropped and came back.
      expect(other.stderr.text).toMatch(/^mtg connect: /m);
      const local = await localGame('9', a, b, 'starter');
      const again = gamelog(back.stdout.lines);
      expect(before.length).toBeGreaterThan(5);
      expect(before.length).toBeLessThan(local.length);
      expect(again).toEqual(local);
      expect(gamelog(other.stdout.lines)).toEqual(local);
      // A person is not asked again the decisions made before the connection dropped.
      if ((victim === 0 ? a : b).kind === 'tui') {
        expect(prompts(back.stdout.text)).toBeGreaterThan(0);
        expect(prompts(back.stdout.text)).toBeLessThan(lastPrompts);
      }
    };
    await Promise.all([
      game('recon-1', { deck: RG, kind: 'heuristic', seed: 31 }, { deck: WU, kind: 'random', seed: 32 }, 0, 4),
      game('recon-2', { deck: WU, kind: 'fixed', seed: 41 }, { deck: RG, kind: 'heuristic', seed: 42 }, 1, 3),
    ]);
    // A person's seat (with mtg tui's menu, its input piped): the same input again after the reconnect.
    await game('recon-3', { deck: RG, kind: 'random', seed: 51 }, { deck: WU, kind: 'tui', seed: 52 }, 1, 4);
    await stopClean(server, 3);
    done();
  }, 300_000);
});
