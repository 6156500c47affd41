// The messages a new user meets first: a missing output folder, a missing script or bundle, a
// broken trace file, a negative number. Each says what was wrong and where, once, and how to fix it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './support.js';

const tmp = mkdtempSync(join(tmpdir(), 'se-messages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('messages', () => {
  it("publish -o creates the folders of the output path (the docs' first example)", async () => {
    const out = join(tmp, 'build', 'nested', 'village.json');
    const r = await cli(['publish', 'examples/village', '-o', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('storyletengine/bundle');
  });

  it('play --script with a missing file names the script once, without "ENOENT: ENOENT"', async () => {
    const r = await cli(['play', 'examples/village', '--script', join(tmp, 'nofile.txt')]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/ENOENT/);
    expect(r.stderr).toContain('cli/cannot-read-script');
    expect(r.stderr).toContain(`cannot read the script ${join(tmp, 'nofile.txt')}: there is no such file`);
  });

  it('links with a missing .json file says there is no such file, not "cannot read the content folder"', async () => {
    const r = await cli(['links', 'nosuch.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('content folder nosuch.json');
    expect(r.stderr).toContain('nosuch.json: there is no such file; give a bundle file');
  });

  it('a missing folder is still reported as a content folder', async () => {
    const r = await cli(['links', 'no-such-folder']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read the content folder no-such-folder');
  });

  it('trace --replay names the line that is not JSON instead of "the replay diverged"', async () => {
    const script = join(tmp, 'deal.txt');
    writeFileSync(script, 'deal forest_path\n');
    const rec = await cli(['trace', 'examples/village', '--script', script, '--format', 'jsonl']);
    expect(rec.code).toBe(0);
    const lines = rec.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    // Line 2 cut short, as a truncated paste would be.
    const file = join(tmp, 'broken.jsonl');
    writeFileSync(file, `${lines[0]}\n${lines[1]!.slice(0, 20)}\n`);
    const r = await cli(['trace', 'examples/village', '--replay', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('diverged');
    expect(r.stderr).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: not a JSON line \\(.+\\); each line of a trace is one JSON object`),
    );
  });

  it('trace --replay of a missing file says so without the Node error code', async () => {
    const r = await cli(['trace', 'examples/village', '--replay', join(tmp, 'none.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`cannot read the trace ${join(tmp, 'none.jsonl')}: there is no such file\n`);
  });

  it.each([
    ['--runs', '-3'],
    ['--steps', '-1'],
    ['--threads', '-2'],
  ])('simulate %s %s gets a range message, not the argument parser\'s "ambiguous"', async (flag, value) => {
    const r = await cli(['simulate', 'examples/village', flag, value]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('ambiguous');
    expect(r.stderr).toContain(`${flag} must be a whole number ≥ 1, got "${value}"`);
  });

  it('lint --max-warnings -1 gets the range of that flag', async () => {
    const r = await cli(['lint', 'examples/village', '--max-warnings', '-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-warnings must be a whole number ≥ 0, got "-1"');
  });
});
