/**
 * Saga (CR 714): Forge's `K:Saga:<N>:<SVar>,<SVar>,...` names the chapter abilities I to N in
 * order. A Saga enters with a lore counter (CR 714.3a: the engine's `etbCounter` keyword), its
 * controller puts another on it as their precombat main phase begins (CR 714.3b, a turn-based
 * action: turn.ts), and each chapter ability is a triggered ability "when one or more lore counters
 * are put onto this Saga, causing the number of lore counters on it to become greater than or
 * equal to N" (CR 714.2b): written here as a `CounterAdded` trigger of the chapter's number
 * (`ChapterNumber$`, triggers.ts: counters are put one at a time, so the one that makes the count
 * N triggers it, once). The keyword is given back as `Saga:<N>` for the sacrifice after the last
 * chapter (CR 714.4, a state-based action: sba.ts).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Saga', (keyword, ctx) => {
  const n = Number(keyword.args[0]);
  const names = (keyword.args[1] ?? '').split(',').map((s) => s.trim());
  if (!Number.isInteger(n) || n < 1) return { error: 'Saga needs its number of chapters: Saga:<N>:<SVar>,...' };
  if (names.length !== n || names.some((s) => s === '' || !ctx.hasSVar(s))) return { error: `Saga:${n} needs ${n} chapter SVars the card defines` };
  const roman = ['I', 'II', 'III', 'IV', 'V', 'VI'];
  return {
    keywords: ['etbCounter:LORE:1', `Saga:${n}`],
    triggers: names.map(
      (svar, i) =>
        `Mode$ CounterAdded | ValidCard$ Card.Self | TriggerZones$ Battlefield | CounterType$ LORE | ChapterNumber$ ${i + 1} | Execute$ ${svar} | TriggerDescription$ Chapter ${roman[i] ?? i + 1}`,
    ),
  };
});
