// attachNegativeValues (src/core/argv.ts): what parseArgs would call "ambiguous" becomes a value,
// and nothing else changes.
import { describe, expect, it } from 'vitest';
import { attachNegativeValues } from '../../src/core/argv.js';

const OPTIONS = { runs: { type: 'string', short: 'n' }, quiet: { type: 'boolean', short: 'q' } } as const;

describe('attachNegativeValues', () => {
  it('attaches a negative number to the string flag before it, long or short', () => {
    expect(attachNegativeValues(['--runs', '-3', 'dir'], OPTIONS)).toEqual(['--runs=-3', 'dir']);
    expect(attachNegativeValues(['-n', '-1.5'], OPTIONS)).toEqual(['--runs=-1.5']);
  });

  it('leaves boolean flags, other dashes, --name=value and everything after -- alone', () => {
    expect(attachNegativeValues(['--quiet', '-3'], OPTIONS)).toEqual(['--quiet', '-3']);
    expect(attachNegativeValues(['--runs', '-q'], OPTIONS)).toEqual(['--runs', '-q']);
    expect(attachNegativeValues(['--runs=-2'], OPTIONS)).toEqual(['--runs=-2']);
    expect(attachNegativeValues(['--', '--runs', '-3'], OPTIONS)).toEqual(['--', '--runs', '-3']);
    expect(attachNegativeValues(['--unknown', '-3'], OPTIONS)).toEqual(['--unknown', '-3']);
  });
});
