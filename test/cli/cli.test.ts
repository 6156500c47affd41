// The command line itself: usage, --help on every command, exit codes (0 ok, 1 content errors or
// failed checks, 2 usage errors).
import { describe, expect, it } from 'vitest';
import { cli } from './support.js';

const COMMANDS = ['publish', 'lint', 'links', 'play', 'trace', 'simulate', 'board', 'lsp'];

describe('storyletengine', () => {
  it('prints the usage and exits 2 with no command', async () => {
    const r = await cli([]);
    expect(r.code).toBe(2);
    for (const c of COMMANDS) expect(r.stderr).toContain(`  ${c} `);
  });

  it('names an unknown command, prints the usage and exits 2', async () => {
    const r = await cli(['pubish', 'examples/village']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "pubish"');
    expect(r.stderr).toContain('usage: storyletengine <command>');
  });

  it.each(COMMANDS)('%s --help prints its usage and options, exit 0', async (name) => {
    const r = await cli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: storyletengine ${name} `));
    expect(r.stdout).toContain('--help');
  });

  it('names an unknown flag, prints the command usage and exits 2', async () => {
    const r = await cli(['lint', 'examples/village', '--max-warning', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-warning');
    expect(r.stderr).toContain('usage: storyletengine lint');
  });

  it("refuses a value outside a flag's choices with exit 2", async () => {
    const r = await cli(['links', 'examples/village', '--format', 'svg']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--format is one of text, json, dot, mermaid');
  });

  it('refuses a missing argument and a non-number with exit 2', async () => {
    expect((await cli(['publish'])).code).toBe(2);
    const r = await cli(['simulate', 'examples/village', '--runs', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--runs must be a whole number ≥ 1, got "many"');
  });

  it('prints the package version', async () => {
    const r = await cli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
