// The parameters the engine says it reads (`reads:` of a registration, `declareParamReads`) are
// the ones its code reads (issue 20). The "faithful" coverage figure trusts those declarations:
// a key read but not declared makes cards that write it look unhandled, and a key declared but
// never read makes cards look handled that are not. test/support/param-reads.ts derives the reads
// from the code with the TypeScript compiler; this test holds the declarations to them both ways.
import { describe, expect, it } from 'vitest';
import { isDescriptiveKey, paramReaders } from '../../../src/mtg/cards/index.js';
import '../../../src/mtg/engine/index.js';
import { findParamReads } from '../../support/param-reads.js';
import { REPO } from '../../support/imports.js';

/** Keys the code reads that are rightly not declared, each with why. */
const READ_NOT_DECLARED: Record<string, string> = {
  // Fight passes a key no script writes, so its cards are never taken from a `Defined$`.
  nodefined: 'src/mtg/engine/effects/fight.ts',
  // A MayPlay static with one of these modifiers grants nothing: the modifiers are not implemented.
  mayplaylimit: 'src/mtg/engine/may-play.ts',
  mayplayaltmanacost: 'src/mtg/engine/may-play.ts',
  mayplaywithflash: 'src/mtg/engine/may-play.ts',
  mayplayignorecolor: 'src/mtg/engine/may-play.ts',
  mayplaycardowner: 'src/mtg/engine/may-play.ts',
  mayplaydontgrantzonepermissions: 'src/mtg/engine/may-play.ts',
  // CopyPermanent refuses the tokens' own "at the beginning of the end step, sacrifice this": not implemented.
  ateottrig: 'src/mtg/engine/effects/copy-permanent.ts',
};

/** Reads whose key is not a literal, each with why (by file:line as the analysis reports it). */
const DYNAMIC: Record<string, string> = {
  // The compiler reads an ability's own record key (AB$, SP$, DB$, ST$) to find its API.
  'src/mtg/cards/nodes.ts': 'the ability record key',
  // Vote runs `Vote<Word>$` for the winning word of its `VoteType$` list (VoteDeath$, VoteGrace$, ...).
  'src/mtg/engine/effects/vote.ts': 'the winning word of VoteType$',
  // activeStaticsWith keeps the statics that have the parameter its caller names (WithFlash,
  // MayPlay, GlobalRule, MayLookAt); each caller reads that parameter again by its literal name.
  'src/mtg/engine/statics.ts': 'the parameter a caller of activeStaticsWith filters by',
};

describe('script parameters read and declared', () => {
  const found = findParamReads(REPO);
  // The controllers read AI hints and printed text for their own judgement, not the rules.
  const engineReads = new Map([...found.reads].filter(([, files]) => [...files].some((f) => !f.startsWith('src/mtg/controllers/'))));
  const readers = paramReaders();
  const declared = new Map<string, string[]>();
  for (const [kindKey, by] of readers) {
    const key = kindKey.slice(kindKey.indexOf(':') + 1);
    declared.set(key, [...new Set([...(declared.get(key) ?? []), ...by])]);
  }

  it('finds the reads of the engine (a sanity check of the analysis)', () => {
    for (const key of ['numdmg', 'validtgts', 'defined', 'cost', 'triggerzones', 'affected']) expect(engineReads.has(key), key).toBe(true);
  });

  it('every key the engine reads is declared', () => {
    const undeclared = [...engineReads.keys()]
      .filter((k) => !declared.has(k) && !isDescriptiveKey(k) && READ_NOT_DECLARED[k] === undefined)
      .map((k) => `${k} (read in ${[...engineReads.get(k)!].join(', ')})`)
      .sort();
    expect(undeclared, "declare these in the reading primitive's `reads` (or declareParamReads)").toEqual([]);
  });

  it('every declared key is read by some code (the compiler’s generic links aside)', () => {
    const unread = [...declared]
      .filter(([k, by]) => !found.reads.has(k) && !isDescriptiveKey(k) && !by.every((r) => r.startsWith('compiler:')))
      .map(([k, by]) => `${k} (declared by ${by.join(', ')})`)
      .sort();
    expect(unread, 'remove these from the declarations, or read them').toEqual([]);
  });

  it('the allow-lists hold only what is still true', () => {
    for (const [key, file] of Object.entries(READ_NOT_DECLARED)) {
      expect(engineReads.get(key)?.has(file), `${key} is no longer read in ${file}`).toBe(true);
      expect(declared.has(key), `${key} is declared now: take it off READ_NOT_DECLARED`).toBe(false);
    }
    expect([...new Set(found.dynamic.map((d) => d.replace(/:\d+$/, '')))].sort()).toEqual(Object.keys(DYNAMIC).sort());
  });
});
