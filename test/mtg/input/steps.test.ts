// The step names PASS_UNTIL accepts are the engine's: ChoicePoint.phase carries the engine's
// `Step`, and the controller compares it with what the script names.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalStep, stepOrder } from '../../../src/mtg/input/index.js';
import { STEPS } from '../../../src/mtg/input/steps.js';

const ENGINE_TYPES = fileURLToPath(new URL('../../../src/mtg/engine/types.ts', import.meta.url));

describe('step names', () => {
  it('reads every spelling the guide lists, in any case', () => {
    const guide = [
      'untap',
      'upkeep',
      'draw',
      'main1',
      'combat',
      'beginCombat',
      'declareAttackers',
      'declareBlockers',
      'combatDamage',
      'endCombat',
      'main2',
      'end',
      'cleanup',
    ];
    for (const name of guide) {
      expect(canonicalStep(name), name).toBeDefined();
      expect(canonicalStep(name.toUpperCase()), name).toBe(canonicalStep(name));
    }
    expect(canonicalStep('combat')).toBe('beginCombat');
    expect(canonicalStep('declare_blockers')).toBe('declareBlockers');
    expect(canonicalStep('lunch')).toBeUndefined();
  });

  it('orders the steps of a turn', () => {
    const order = STEPS.map((s) => stepOrder(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.skipIf(!existsSync(ENGINE_TYPES))("are the engine's own step names, in the same order", async () => {
    const engine = (await import(ENGINE_TYPES)) as { STEPS?: readonly string[] };
    expect(engine.STEPS).toBeDefined();
    expect([...STEPS]).toEqual([...engine.STEPS!]);
    for (const s of engine.STEPS!) expect(canonicalStep(s)).toBe(s);
  });
});
