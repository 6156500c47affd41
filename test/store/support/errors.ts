// Asserting on the typed errors the stores reject with.
import { expect } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';

/** Awaits `p`, expecting a StoryletError with `code`, and returns it. */
export async function rejectsWith(p: Promise<unknown>, code: string): Promise<StoryletError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(StoryletError);
    expect((err as StoryletError).code).toBe(code);
    return err as StoryletError;
  }
  throw new Error(`expected StoryletError ${code}, but the call succeeded`);
}
