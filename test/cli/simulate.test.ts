// `simulate`: seeded playthroughs on worker threads. Same seed, same report, whatever the number
// of threads; never-dealt cards, always-empty hands, verdict counts and stuck cards.
import { describe, expect, it } from 'vitest';
import { cli } from './support.js';

const run = (args: string[]) => cli(['simulate', ...args], { timeoutMs: 60_000 });

describe('simulate', () => {
  it('gives the same report for the same seed on one thread and on two', async () => {
    const one = await run(['examples/village', '--runs', '40', '--steps', '30', '--seed', 's1', '--threads', '1', '--format', 'json']);
    const two = await run(['examples/village', '--runs', '40', '--steps', '30', '--seed', 's1', '--threads', '2', '--format', 'json']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const other = await run(['examples/village', '--runs', '40', '--steps', '30', '--seed', 's2', '--threads', '2', '--format', 'json']);
    expect(other.stdout).not.toBe(one.stdout);
  });

  it('reports never-dealt cards and verdict counts on the example', async () => {
    const r = await run(['examples/village', '--runs', '30', '--steps', '30', '--format', 'json']);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ runs: 30, steps: 30, policy: 'random' });
    expect(report.totals.deals).toBe(900);
    // Nothing in the village moves @world.now, so the rumours deck's gate never opens.
    expect(report.neverDealt).toEqual(expect.arrayContaining(['goblin_rumour', 'market_gossip']));
    const rumour = report.cards.find((c: { id: string }) => c.id === 'goblin_rumour');
    expect(Object.keys(rumour.verdicts)).toEqual(['deck-gate']);
    const goblin = report.cards.find((c: { id: string }) => c.id === 'the_goblin');
    expect(goblin.verdicts.dealt).toBeGreaterThan(0);
  });

  it('finds a stuck card: dealt, then held while its own condition was false', async () => {
    for (const policy of ['random', 'first']) {
      const r = await run(['test/fixtures/cli/stuck', '--runs', '10', '--steps', '10', '--policy', policy, '--format', 'json']);
      expect(r.code).toBe(0);
      const stuck = JSON.parse(r.stdout).stuck.map((s: { id: string }) => s.id);
      expect(stuck.some((id: string) => id === 'sword' || id === 'shield')).toBe(true);
      expect(stuck).not.toContain('chores');
    }
  });

  it('reports hands that were always empty and cards never dealt, in text', async () => {
    const r = await run(['test/fixtures/cli/warnings', '--runs', '5', '--steps', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('simulate test/fixtures/cli/warnings: 5 runs × 5 steps');
    expect(r.stdout).toMatch(/Never dealt \(1 of 2 cards\)\n {2}ghost\n/);
    expect(r.stdout).toMatch(/Always empty \(hands that held no card after any of their deals\)\n {2}camp \(\d+ deals\)\n/);
    const json = JSON.parse((await run(['test/fixtures/cli/warnings', '--runs', '5', '--steps', '5', '--format', 'json'])).stdout);
    expect(json.alwaysEmpty).toEqual(['camp']);
    expect(r.stdout).toContain('Stuck cards');
  });

  it('draws no progress bar when stderr is not a terminal', async () => {
    const r = await run(['examples/village', '--runs', '4', '--steps', '4']);
    expect(r.stderr).toBe('');
  });

  it('draws a progress bar on a terminal, and the report is the same', async () => {
    const { execFileSync } = await import('node:child_process');
    const { BIN, ROOT, cleanEnv } = await import('./support.js');
    const args = 'simulate examples/village --runs 20 --steps 10 --seed bar --threads 2';
    // `script` runs the binary on a real terminal (stdout and stderr both go to it).
    const onTerminal = execFileSync('script', ['-qec', `${process.execPath} ${BIN} ${args}`, '/dev/null'], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8' });
    expect(onTerminal).toMatch(/simulating \[[#-]+\] 20\/20 runs/);
    const piped = await run(args.split(' ').slice(1));
    expect(onTerminal.replace(/\r\n/g, '\n')).toContain(piped.stdout);
  });

  it('refuses broken content with its diagnostics, exit 1', async () => {
    const r = await run(['test/fixtures/cli/broken', '--runs', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SE012');
  });
});
