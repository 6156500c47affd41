/**
 * What the terminal shows a player: the game as their seat sees it, the numbered menu of a
 * decision (each option written as the command that chooses it, so it can be typed back), and
 * the "why not" reasons of a priority decision.
 */
import type { CardView, ChoicePoint, SeatView, WhyNot } from '../../engine/index.js';
import { optionText } from '../../input/index.js';
import type { Paint } from './paint.js';
import { stepName } from './steps.js';

export { stepName };

function card(c: CardView, paint: Paint): string {
  let text = c.name;
  if (c.power !== null && c.toughness !== null) text += ` ${c.power}/${c.toughness}`;
  const notes: string[] = [];
  if (c.damage > 0) notes.push(`${c.damage} damage`);
  for (const [k, n] of Object.entries(c.counters)) if (n) notes.push(`${n} ${k}`);
  if (c.sick && c.types.includes('Creature')) notes.push('sick');
  if (c.token) notes.push('token');
  if (notes.length) text += ` (${notes.join(', ')})`;
  if (c.tapped) return paint('dim', `${text} [tapped]`);
  return c.types.includes('Creature') ? paint('bold', text) : text;
}

function list(cards: readonly CardView[], paint: Paint): string {
  return cards.length === 0 ? paint('dim', '—') : cards.map((c) => card(c, paint)).join(', ');
}

/**
 * The game as `view.seat` sees it: both players' life and counts, the battlefield by controller
 * (lands apart), the stack, combat, and the seat's own hand. Hidden cards are never in a view,
 * so they cannot be shown.
 *
 * @example
 * ```ts
 * output.write(renderState(game.view(0), paint(false)));
 * ```
 */
export function renderState(view: SeatView, paint: Paint): string {
  const lines: string[] = [];
  const me = view.seat;
  const header = view.turn === 0 ? '── Opening hands ' : `── Turn ${view.turn} · ${stepName(view.step)} · p${view.active + 1}'s turn `;
  lines.push(paint('cyan', header.padEnd(72, '─')));
  for (const seat of [me === 0 ? 1 : 0, me] as const) {
    const p = view.players[seat];
    const who = seat === me ? paint('green', `p${seat + 1} (you)`) : paint('red', `p${seat + 1}`);
    const pool = p.manaPool ? `  mana ${p.manaPool}` : '';
    lines.push(
      `${who}  life ${paint('bold', String(p.life))}${p.poison ? `  poison ${p.poison}` : ''}  hand ${p.handCount}  library ${p.libraryCount}  graveyard ${p.graveyardCount}${pool}`,
    );
    const mine = view.battlefield.filter((c) => c.controller === seat);
    const lands = mine.filter((c) => c.types.includes('Land'));
    const rest = mine.filter((c) => !c.types.includes('Land'));
    lines.push(`  lands: ${list(lands, paint)}`);
    lines.push(`  permanents: ${list(rest, paint)}`);
    const yard = view.graveyards[seat];
    if (yard.length > 0) lines.push(`  graveyard: ${yard.map((c) => c.name).join(', ')}`);
  }
  if (view.stack.length > 0) {
    lines.push(paint('yellow', 'stack (top first):'));
    for (const s of view.stack) lines.push(`  p${s.controller + 1}: ${s.text}${s.targets.length ? ` → ${s.targets.join(', ')}` : ''}`);
  }
  if (view.combat && view.combat.attackers.length > 0) {
    const name = (id: number): string => view.battlefield.find((c) => c.id === id)?.name ?? `#${id}`;
    const blocks = (id: number): string[] => view.combat!.blocks.filter((b) => b.attacker === id).map((b) => name(b.blocker));
    lines.push(paint('yellow', 'combat:'));
    for (const a of view.combat.attackers) {
      const b = blocks(a);
      lines.push(`  ${name(a)} attacks${b.length ? `, blocked by ${b.join(', ')}` : ''}`);
    }
  }
  if (view.exile.length > 0) lines.push(`exile: ${view.exile.map((c) => c.name).join(', ')}`);
  lines.push(`${paint('green', 'your hand')}: ${list(view.hand, paint)}`);
  if (view.revealed.length > 0) lines.push(`revealed to you: ${view.revealed.map((c) => c.name).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A decision's prompt and its numbered menu: `[n] command`, and the engine's label beside the
 * command when it says more (`[3] activate Tundra[2]  (Tundra: T: Add {U}.)`).
 *
 * @example
 * ```ts
 * renderMenu(point, paint(false));
 * // 'Turn 3, precombat main phase: p1 has priority\np1 available actions:\n  [0] pass\n  [1] play Mountain\n'
 * ```
 */
export function renderMenu(point: ChoicePoint, paint: Paint): string {
  const lines = [paint('bold', point.prompt), `p${point.seat + 1} available actions:`];
  for (const o of point.options) {
    const command = optionText(point, o);
    // The engine's label is shown when it says more than the command (an ability's text).
    const same = o.label.toLowerCase() === command.replace(/\[\d+\]/g, '').toLowerCase() || o.label.toLowerCase() === command.toLowerCase();
    const label = same ? '' : `  ${paint('dim', `(${o.label})`)}`;
    lines.push(`  [${o.index}] ${command}${label}`);
  }
  return `${lines.join('\n')}\n`;
}

const REASONS: Record<WhyNot, string> = {
  timing: 'not now (timing: sorcery speed, a step restriction, or the stack is not empty)',
  'no-mana': 'its cost cannot be paid',
  'no-target': 'it has no legal target',
  'summoning-sick': 'summoning sick: it came under your control this turn',
  tapped: 'it is tapped',
  'land-drop': 'you have no land drop left this turn',
  condition: 'a condition or restriction of the card is not met',
  unsupported: 'the engine cannot play this card yet',
};

/**
 * The cards and abilities a priority decision did not offer, each with the first reason.
 *
 * @example
 * ```ts
 * renderWhyNot(point); // '  cast Counterspell: its cost cannot be paid\n'
 * ```
 */
export function renderWhyNot(point: ChoicePoint): string {
  if (point.kind !== 'priority') return 'Reasons are given at priority decisions (casting, playing, activating).\n';
  const held = point.unavailable ?? [];
  if (held.length === 0) return 'Everything in your hand and on your side that could be used is in the menu.\n';
  return `${held.map((u) => `  ${u.label}: ${REASONS[u.reason] ?? u.reason}`).join('\n')}\n`;
}
