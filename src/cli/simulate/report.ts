/**
 * The simulation report: which cards were never dealt, which hands were always empty, how often
 * each verdict kept each card out, and which cards got stuck. Built from the merged tallies in
 * the bundle's order, so it is the same for the same seed every time.
 */
import type { Bundle } from '../../content/bundle.js';
import { TALLIED, type Policy, type RunResult } from './run.js';

export interface SimulationReport {
  content: string;
  runs: number;
  steps: number;
  seed: string;
  policy: Policy;
  totals: { deals: number; plays: number; advances: number };
  /** Cards no deal of any run dealt, in content order. */
  neverDealt: string[];
  /** Hands dealt at least once that never held a card after a deal. */
  alwaysEmpty: string[];
  /** Hands no run happened to pick. */
  neverPicked: string[];
  /** Per card: how many deals gave it each verdict (verdicts with 0 left out). */
  cards: { id: string; verdicts: Record<string, number>; stuckRuns: number; stuckChecks: number; effectFailures: number }[];
  hands: { id: string; deals: number; held: number }[];
  /** Cards that sat in a hand while their own condition was false, most runs first. */
  stuck: { id: string; runs: number; checks: number }[];
}

/**
 * Builds the report from the merged result of every run.
 *
 * @example
 * ```ts
 * const report = buildReport(bundle, total, { content: dir, runs, steps, seed, policy });
 * ```
 */
export function buildReport(bundle: Bundle, r: RunResult, meta: Pick<SimulationReport, 'content' | 'runs' | 'steps' | 'seed' | 'policy'>): SimulationReport {
  const dealtAt = TALLIED.indexOf('dealt');
  const cards = bundle.cards.map((c, i) => {
    const verdicts: Record<string, number> = {};
    TALLIED.forEach((v, j) => {
      const n = r.verdicts[i]![j]!;
      if (n > 0) verdicts[v] = n;
    });
    return { id: c.id, verdicts, stuckRuns: r.stuckRun[i]!, stuckChecks: r.stuckChecks[i]!, effectFailures: r.effectFailures[i]! };
  });
  const hands = bundle.hands.map((h, i) => ({ id: h.id, deals: r.handDeals[i]!, held: r.handHeld[i]! }));
  const stuck = cards
    .filter((c) => c.stuckRuns > 0)
    .map((c) => ({ id: c.id, runs: c.stuckRuns, checks: c.stuckChecks }))
    // Stable: ties keep content order.
    .sort((a, b) => b.runs - a.runs);
  return {
    ...meta,
    totals: { deals: r.deals, plays: r.plays, advances: r.advances },
    neverDealt: bundle.cards.filter((_, i) => r.verdicts[i]![dealtAt] === 0).map((c) => c.id),
    alwaysEmpty: hands.filter((h) => h.deals > 0 && h.held === 0).map((h) => h.id),
    neverPicked: hands.filter((h) => h.deals === 0).map((h) => h.id),
    cards,
    hands,
    stuck,
  };
}

/**
 * The report for people.
 *
 * @example
 * ```ts
 * process.stdout.write(reportText(report));
 * ```
 */
export function reportText(rep: SimulationReport): string {
  const out: string[] = [];
  const t = rep.totals;
  out.push(`simulate ${rep.content}: ${rep.runs} runs × ${rep.steps} steps, seed ${JSON.stringify(rep.seed)}, policy ${rep.policy}`);
  out.push(`  ${t.deals} deals, ${t.plays} plays, ${t.advances} advances`);

  out.push('', `Never dealt (${rep.neverDealt.length} of ${rep.cards.length} cards)`);
  out.push(rep.neverDealt.length ? `  ${rep.neverDealt.join(', ')}` : '  (none)');

  out.push('', 'Always empty (hands that held no card after any of their deals)');
  out.push(rep.alwaysEmpty.length ? rep.alwaysEmpty.map((id) => `  ${id} (${rep.hands.find((h) => h.id === id)!.deals} deals)`).join('\n') : '  (none)');
  if (rep.neverPicked.length) out.push(`  not picked in any run: ${rep.neverPicked.join(', ')}`);

  out.push('', 'Verdicts: how many deals gave each card each verdict');
  const columns = TALLIED.filter((v) => rep.cards.some((c) => c.verdicts[v]));
  const width = Math.max(4, ...rep.cards.map((c) => c.id.length));
  const cell = (s: string, v: string) => s.padStart(Math.max(v.length, 5));
  out.push(`  ${'card'.padEnd(width)}  ${columns.map((v) => cell(v, v)).join(' ')}`);
  for (const c of rep.cards) out.push(`  ${c.id.padEnd(width)}  ${columns.map((v) => cell(String(c.verdicts[v] ?? 0), v)).join(' ')}`);

  out.push('', 'Stuck cards (dealt, then held while their own condition was false)');
  if (rep.stuck.length === 0) out.push('  (none)');
  for (const s of rep.stuck) out.push(`  ${s.id}: stuck in ${s.runs} of ${rep.runs} runs (${s.checks} step${s.checks === 1 ? '' : 's'} in all)`);

  const failures = rep.cards.filter((c) => c.effectFailures > 0);
  if (failures.length) {
    out.push('', 'Refused plays (an effect could not run; nothing changed)');
    for (const c of failures) out.push(`  ${c.id}: ${c.effectFailures}`);
  }
  return `${out.join('\n')}\n`;
}
