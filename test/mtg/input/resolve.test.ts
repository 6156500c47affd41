// Resolution, case by case: test/mtg/input/fixtures/resolve/*.json hold a choice point and the
// commands typed at it, each with the option index it must choose or the error it must give.
import { describe, expect, it } from 'vitest';
import { parseFixedInputs, resolveCommand, type ResolveContext } from '../../../src/mtg/input/index.js';
import { jsonCases, point, type PointSpec } from './support.js';

type Case = { command: string; index?: number; error?: string; available?: string[]; candidates?: string[]; why?: string };
type File = { about: string; point: PointSpec; context?: ResolveContext; cases: Case[] };

for (const { name, data } of jsonCases<File>('resolve')) {
  describe(`${name}: ${data.about}`, () => {
    const p = point(data.point);
    for (const c of data.cases) {
      it(`${c.command}${c.why ? ` (${c.why})` : ''}`, () => {
        const parsed = parseFixedInputs(c.command);
        expect(parsed.problems).toEqual([]);
        expect(parsed.commands).toHaveLength(1);
        const r = resolveCommand(parsed.commands[0]!, p, data.context);
        if (c.error === undefined) {
          expect(r).toEqual({ index: c.index });
          return;
        }
        if (!('error' in r)) throw new Error(`expected ${c.error}, got option ${r.index}`);
        expect(r.error.code).toBe(c.error);
        expect(r.error.command).toBe(c.command);
        expect(r.error.span).toMatchObject({ start: 0, end: c.command.length, line: 1, column: 1 });
        if (c.available) expect(r.error.available).toEqual(c.available);
        if (c.candidates) expect(r.error.candidates).toEqual(c.candidates);
      });
    }
  });
}

describe('the no-match message', () => {
  it("has the guide's shape, so tools written for it read ours", () => {
    const p = point({ kind: 'priority', options: [{ verb: 'pass' }, { verb: 'play', card: 'Mountain' }, { verb: 'play', card: 'Swamp' }] });
    const r = resolveCommand(parseFixedInputs('cast fireball').commands[0]!, p);
    if (!('error' in r)) throw new Error('expected an error');
    expect(r.error.message).toBe(`Command 'cast fireball' did not match any available action. Available actions: ["play Mountain", "play Swamp"]`);
  });
});
