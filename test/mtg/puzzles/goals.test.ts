// Forge's goals become assertions: every goal of the Forge corpus (Win, Survive, Destroy
// Specified Creatures, Play the Specified Permanent, Gain Control of Specified Permanents) and the
// other spellings Forge and DeepScry accept; the turn bound counts from the starting turn.
import { describe, expect, it } from 'vitest';
import { namedTarget, readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { testRegistry } from './support.js';

const registry = testRegistry();
function goal(meta: string, state = '') {
  const p = readPuzzle(`[metadata]\n${meta}\n[state]\n${state}\n`, 'goal.pzl', registry);
  return { goal: p.goal, texts: p.assertions.map((a) => a.text), codes: p.diagnostics.map((d) => d.code) };
}

describe('goals', () => {
  it('Win: seat 0 wins by the last turn', () => {
    expect(goal('Goal:Win\nTurns:2')).toMatchObject({ texts: ['game won', 'turn le 2'], codes: [] });
    expect(goal('Goal:Win').texts).toEqual(['game won']);
  });

  it('counts Turns from the starting turn, and one more from the cleanup step (as Forge does)', () => {
    expect(goal('Goal:Win\nTurns:3', 'turn=4').texts).toEqual(['game won', 'turn le 6']);
    expect(goal('Goal:Win\nTurns:1', 'activephase=CLEANUP').texts).toEqual(['game won', 'turn le 2']);
  });

  it('Survive: won at the upkeep after the last turn, so no turn bound of its own', () => {
    const g = goal('Goal:Survive\nTurns:2');
    expect(g.texts).toEqual(['game won']);
    expect(g.goal).toMatchObject({ kind: 'survive', lastTurn: 2 });
  });

  it("the specified-permanent goals keep their targets for the runner, with Forge's defaults", () => {
    expect(goal('Goal:Destroy Specified Creatures\nTargets:Creature.Dragon+OppCtrl\nTurns:1').goal).toMatchObject({
      kind: 'destroy',
      targets: ['Creature.Dragon+OppCtrl'],
    });
    for (const g of ['Destroy Specified Permanents', 'Remove Specified Permanents from the Battlefield', 'Kill Specified Creatures']) {
      expect(goal(`Goal:${g}`).goal).toMatchObject({ kind: 'destroy', targets: ['Creature.OppCtrl'] });
    }
    expect(
      goal('Goal:Gain Control of Specified Permanents\nTargets:Card.Red+inZoneBattlefield+OppCtrl,Card.White+inZoneBattlefield+OppCtrl').goal,
    ).toMatchObject({
      kind: 'gain-control',
      targets: ['Card.Red+inZoneBattlefield+OppCtrl', 'Card.White+inZoneBattlefield+OppCtrl'],
    });
    expect(goal('Goal:Gain Control of Specified Permanents').goal?.targets).toEqual(['Card.inZoneBattlefield+OppCtrl']);
  });

  it('Play the Specified Permanent: a named target is also checked on the board', () => {
    const g = goal('Goal:Play the Specified Permanent\nTargets:Card.YouCtrl+namedMarit Lage\nTurns:1');
    expect(g.texts).toEqual(['game won', 'turn le 1', 'me battlefield contains Marit Lage']);
    expect(goal('Goal:Put the Specified Permanent on the Battlefield\nTargets:Creature.YouCtrl\nTargetCount:2').goal).toMatchObject({
      kind: 'play',
      targetCount: 2,
    });
  });

  it('Play the Specified Permanent without Targets warns: only winning counts', () => {
    const g = goal('Goal:Play the Specified Permanent');
    expect(g.codes).toEqual(['puzzle/goal-needs-targets']);
    expect(g.texts).toEqual(['game won']);
  });

  it("Win Before Opponent's Next Turn bounds the turn by who is active", () => {
    expect(goal("Goal:Win Before Opponent's Next Turn", 'turn=3\nactiveplayer=p0').texts).toEqual(['game won', 'turn le 3']);
    expect(goal('Goal:Win before opponent\u2019s next turn', 'turn=3\nactiveplayer=p1').texts).toEqual(['game won', 'turn le 4']);
  });

  it('goal names are case-insensitive; an unknown goal warns and makes no assertion', () => {
    expect(goal('goal:WIN').texts).toEqual(['game won']);
    const g = goal('Goal:Verify');
    expect(g.codes).toEqual(['puzzle/unknown-goal']);
    expect(g.texts).toEqual([]);
  });

  it('namedTarget reads Forge Valid expressions naming one card', () => {
    expect(namedTarget('Card.YouCtrl+namedBroodstar')).toEqual({ name: 'Broodstar', scope: 'me' });
    expect(namedTarget('Creature.OppCtrl+namedGrizzly Bears')).toEqual({ name: 'Grizzly Bears', scope: 'opponent' });
    expect(namedTarget('Card.namedShock')).toEqual({ name: 'Shock' });
    expect(namedTarget('Creature.OppCtrl')).toBeUndefined();
  });
});
