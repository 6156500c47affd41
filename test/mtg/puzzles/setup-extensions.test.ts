// Set-up features beyond the board itself, as Forge's puzzle format writes them: an
// ExecuteScript whose target is a card outside the battlefield, a precast of a keyword ability
// (`KW#Awaken`, `KW#AwakenOnly`), and an ability a card gets from an `AbilityName=` line
// (`Ability:Name`). Each is a small puzzle of our own (not Forge's text).
import { describe, expect, it } from 'vitest';
import { createCardRegistry, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { createGame, restoreGame } from '../../../src/mtg/engine/index.js';
import { puzzleBoard, readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR as CARDS, haveCorpus, needsCorpus } from '../../support/corpora.js';

const full: CardRegistry | null = haveCorpus('cards') ? puzzleRegistry(CARDS) : null;

const BASE = `[state]
turn=1
activeplayer=p0
activephase=MAIN1
p0life=20
p1life=20
`;

const reasons = (r: { reasons: string[] }) => r.reasons.map((x) => x.replace(/ \(line \d+\)$/, ''));

describe('set-up precasts and granted abilities', needsCorpus('cards'), () => {
  it('an ExecuteScript may target a card in exile: the effect remembers it, and it returns when its exiler leaves (CR 610.3)', () => {
    // Suspension Field's effect (its DBEffect) made at set-up for a creature already in exile.
    const text = `${BASE}p0battlefield=Suspension Field|ExecuteScript:DBEffect->1;Plains;Plains\np0hand=Disenchant\np1exile=Serra Angel|Id:1\n[p0_script]\ncast Disenchant targeting Suspension Field\n[assertions]\nopponent battlefield contains Serra Angel\nopponent exile count eq 0\n`;
    const puzzle = readPuzzle(text, 'field.pzl', full!);
    const { setup, unsupported } = puzzleBoard(puzzle);
    expect(unsupported).toEqual([]);
    expect(setup.precast).toEqual([{ seat: 0, host: { seat: 0, index: 0 }, ability: 'DBEffect', target: { seat: 1, zone: 'exile', index: 0 } }]);
    const r = runPuzzle(puzzle, { registry: full!, lastTurn: 1 });
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
    // Without the effect, the Angel stays where it is.
    const without = runPuzzle(readPuzzle(text.replace('|ExecuteScript:DBEffect->1', ''), 'plain.pzl', full!), { registry: full!, lastTurn: 1 });
    expect(without.status).toBe('fail');
  });
  it('precasts Awaken (KW#Awaken: the awakened spell; KW#AwakenOnly: its awaken part alone, CR 702.113a), the target the land', () => {
    const text = (kw: string) =>
      `${BASE}p0precast=Ondu Rising:KW#${kw}->1\np0battlefield=Forest|Id:1;Forest\np0library=Island;Island\np1library=Island;Island\n[p0_script]\nattack Forest\n[assertions]\ncounters P1P1 eq 4 Forest\npower eq 4 Forest\nopponent life eq 16\n`;
    const only = readPuzzle(text('AwakenOnly'), 'awaken-only.pzl', full!);
    expect(puzzleBoard(only).setup.precast).toEqual([
      { seat: 0, card: 'Ondu Rising', ability: { keyword: 'Awaken', only: true }, target: { seat: 0, index: 0 } },
    ]);
    // The awakened 4/4 land attacks (it has haste); only the whole spell gives it lifelink.
    for (const [kw, life] of [
      ['AwakenOnly', 20],
      ['Awaken', 24],
    ] as const) {
      const r = runPuzzle(readPuzzle(`${text(kw)}me life eq ${life}\n`, `${kw}.pzl`, full!), { registry: full!, lastTurn: 1 });
      expect({ kw, status: r.status, reasons: r.reasons }).toEqual({ kw, status: 'pass', reasons: [] });
    }
  });
  it('another keyword precast is unsupported, and Awaken on a card without it is a set-up error', () => {
    const other = runPuzzle(readPuzzle(`${BASE}p0precast=Ondu Rising:KW#Kicker\n`, 'kicker.pzl', full!), { registry: full!, lastTurn: 1 });
    expect(reasons(other)).toEqual(['puzzle/unsupported: keyword abilities other than Awaken at set-up (KW#)']);
    const none = runPuzzle(readPuzzle(`${BASE}p0precast=Shock:KW#AwakenOnly\n`, 'no-awaken.pzl', full!), { registry: full!, lastTurn: 1 });
    expect(none.status).toBe('run-error');
    expect(none.reasons.join('\n')).toMatch(/Shock: it has no Awaken spell/);
  });
  it('an inline token has the ability its Ability:Name names (the [state] line AbilityName=...)', () => {
    const cell = 't:Cell,P:0,T:0,Cost:no cost,Types:Artifact,Keywords:';
    const text = (where: string) =>
      `${BASE}p1life=3\np0hand=Lightning Bolt\n${where}\nAbilitySpark=AB$ Mana | Cost$ T Sac<1/CARDNAME> | Produced$ R | SpellDescription$ Add R.\n[p0_script]\nactivate Cell\ncast Lightning Bolt targeting opponent\n[assertions]\ngame won\nme battlefield count eq 0\n`;
    const puzzle = readPuzzle(text(`p0battlefield=${cell}|Ability:Spark`), 'cell.pzl', full!);
    const { setup, unsupported } = puzzleBoard(puzzle);
    expect(unsupported).toEqual([]);
    expect(setup.abilities).toEqual({ spark: 'AB$ Mana | Cost$ T Sac<1/CARDNAME> | Produced$ R | SpellDescription$ Add R.' });
    const r = runPuzzle(puzzle, { registry: full!, lastTurn: 1 });
    expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
    // The same token without it has no ability to activate.
    const bare = runPuzzle(readPuzzle(text(`p0battlefield=${cell}`), 'bare.pzl', full!), { registry: full!, lastTurn: 1 });
    expect(bare.status).not.toBe('pass');
    // A card (or a card outside the battlefield) with Ability: is not set up.
    for (const [where, why] of [
      ['p0battlefield=Ornithopter|Ability:Spark', 'abilities granted at set-up (Ability:) to a card or a token script'],
      ['p0hand=Ornithopter|Ability:Spark', 'a ability modifier outside the battlefield'],
    ]) {
      const other = runPuzzle(readPuzzle(text(where!), 'card.pzl', full!), { registry: full!, lastTurn: 1 });
      expect(reasons(other)).toEqual([`puzzle/unsupported: ${why!}`]);
    }
  });
  it('a snapshot of a game with set-up abilities resumes from its saved state with a registry that never saw them', () => {
    const text = `${BASE}p0battlefield=t:Cell,P:0,T:0,Cost:no cost,Types:Artifact,Keywords:|Ability:Spark\nAbilitySpark=AB$ Mana | Cost$ T Sac<1/CARDNAME> | Produced$ R | SpellDescription$ Add R.\n`;
    const { setup } = puzzleBoard(readPuzzle(text, 'cell.pzl', full!));
    const game = createGame({ registry: full!, seed: 1, setup, checkpoints: true });
    const snapshot = game.snapshot();
    expect(snapshot.state).toBeDefined();
    // A registry object of its own has none of the first one's lookups (a fresh process).
    const fresh = createCardRegistry({ cards: [...full!.cards], tokens: [...full!.tokens] });
    const again = restoreGame(snapshot, fresh);
    expect(again.stateHash()).toBe(game.stateHash());
    const labels = game.pending()!.options.map((o) => o.label);
    expect(again.pending()!.options.map((o) => o.label)).toEqual(labels);
    // Its ability, activated in both, resolves to the same state (the node is found again).
    const activate = labels.findIndex((l) => l.startsWith('activate Cell'));
    expect(activate).toBeGreaterThanOrEqual(0);
    for (const g of [game, again]) g.choose(activate);
    expect(again.stateHash()).toBe(game.stateHash());
  });
});
