// `play`: the REPL driven by a script or stdin, as a golden transcript; errors keep the session
// going and make the exit code 1; unknown commands print the list of commands.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, golden } from './support.js';

const tmp = mkdtempSync(join(tmpdir(), 'se-play-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('play', () => {
  it('runs a script as a transcript (golden)', async () => {
    const r = await cli(['play', 'examples/village', '--seed', 'golden', '--script', 'test/fixtures/cli/play/village.txt']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    golden('play/village.out', r.stdout);
  });

  it('reads the same commands from stdin', async () => {
    const script = readFileSync('test/fixtures/cli/play/village.txt', 'utf8');
    const piped = await cli(['play', 'examples/village', '--seed', 'golden'], { input: script });
    const file = await cli(['play', 'examples/village', '--seed', 'golden', '--script', 'test/fixtures/cli/play/village.txt']);
    expect(piped.stdout).toBe(file.stdout);
  });

  it('explains a refusal with the runtime error code, keeps going, and exits 1', async () => {
    const r = await cli(['play', 'examples/village', '--script', 'test/fixtures/cli/play/errors.txt']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error deal/unknown-hand: unknown hand "nowhere"');
    expect(r.stdout).toContain('error play/not-in-hand');
    expect(r.stdout).toContain('error world/type');
    expect(r.stdout).toContain('error world/unknown-name');
    expect(r.stdout).toContain('usage: advance BOX [N]');
    // The last line still ran: state unchanged by the refusals.
    expect(r.stdout).toContain('> world\n@world.now = 0\n');
  });

  it('prints the list of commands for an unknown command', async () => {
    const r = await cli(['play', 'examples/village'], { input: 'dance\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('unknown command "dance"; the commands are:');
    for (const c of [
      'peek HAND',
      'deal HAND',
      'play CARD in HAND',
      'advance BOX',
      'set NAME VALUE',
      'why CARD in HAND',
      'hands',
      'world',
      'save FILE',
      'load FILE',
    ]) {
      expect(r.stdout).toContain(`  ${c}`);
    }
  });

  it('saves and loads the whole state', async () => {
    const file = join(tmp, 'save.json');
    const script = [`deal forest_path`, `set coins 9`, `save ${file}`, `play the_goblin in forest_path`, `set coins 1`, `load ${file}`, `world`, `hands`].join(
      '\n',
    );
    const r = await cli(['play', 'examples/village'], { input: script });
    expect(r.code).toBe(0);
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    expect(snapshot.format).toBe('storyletengine/engine');
    const after = r.stdout.slice(r.stdout.indexOf(`> load ${file}`));
    expect(after).toContain('@world.coins = 9');
    expect(after).toContain('@world.goblin_returns_at = 0');
    expect(after).toContain('forest_path (slots 3): the_goblin');
  });

  it('reports a load that is not a snapshot without changing anything', async () => {
    const r = await cli(['play', 'examples/village'], { input: `set coins 5\nload package.json\nworld\n` });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/error snapshot\//);
    expect(r.stdout).toContain('@world.coins = 5');
  });

  it('prompts on a terminal and answers typed commands', async () => {
    const { execFileSync } = await import('node:child_process');
    const { BIN, ROOT, cleanEnv } = await import('./support.js');
    // `script` gives the REPL a real terminal; the typed lines come through it.
    const out = execFileSync('script', ['-qec', `${process.execPath} ${BIN} play examples/village`, '/dev/null'], {
      cwd: ROOT,
      env: cleanEnv(),
      input: 'deal forest_path\nquit\n',
      encoding: 'utf8',
    });
    expect(out).toContain('Type help for the commands.');
    expect(out).toContain('main> ');
    expect(out).toContain('forest_path: dealt the_goblin');
  });

  it('plays in another flow with --flow and switches with flow', async () => {
    const r = await cli(['play', 'examples/village', '--flow', 'alice'], { input: 'deal forest_path\nflow bob\ndeal forest_path\nflow\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('flow bob (flows: alice, bob)');
  });
});
