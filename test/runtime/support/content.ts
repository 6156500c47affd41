import { expect } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import { publish } from '../../../src/content/publish.js';
import type { Bundle } from '../../../src/content/bundle.js';
import { createEngine } from '../../../src/runtime/index.js';
import type { CardView, Engine, EngineOptions, TraceEvent, Verdict } from '../../../src/runtime/index.js';

/** Publishes YAML with the real publisher; fails the test with the diagnostics if it refuses. */
export async function bundleOf(yaml: string): Promise<Bundle> {
  const result = await publish({ files: { 'content.yaml': yaml } });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.ok) throw new Error(`publish refused the test content:\n${errors.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  return result.bundle;
}

/** A bundle and an engine over it. */
export async function engineOf(yaml: string, options: Partial<EngineOptions> = {}): Promise<{ bundle: Bundle; engine: Engine }> {
  const bundle = await bundleOf(yaml);
  return { bundle, engine: createEngine(bundle, { seed: 'test', ...options }) };
}

export const ids = (cards: readonly CardView[]): string[] => cards.map((c) => c.id);

/** Card id → verdict, for one trace event. */
export function verdicts(trace: TraceEvent): Record<string, Verdict> {
  return Object.fromEntries(trace.cards.map((c) => [c.id, c.verdict]));
}

/** The reason text of one card in a trace. */
export function reasonOf(trace: TraceEvent, card: string): string {
  const entry = trace.cards.find((c) => c.id === card);
  if (!entry) throw new Error(`card ${card} is not in the trace`);
  return entry.reason;
}

/** Runs `fn`, expecting a StoryletError with `code`; returns it for further checks. */
export function expectCode(fn: () => unknown, code: string): StoryletError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StoryletError);
    expect((err as StoryletError).code).toBe(code);
    return err as StoryletError;
  }
  throw new Error(`expected StoryletError ${code}, but nothing was thrown`);
}

/** `n` cards named `${prefix}1..n` with the same body, as YAML lines at card indentation. */
export function manyCards(prefix: string, n: number, body = '{}', indent = '          '): string {
  return Array.from({ length: n }, (_, i) => `${indent}${prefix}${i + 1}: ${body}`).join('\n');
}
