/**
 * Keeping leases alive: the timer that renews the claims of an engine's flows, so they outlive
 * `leaseMs` while the process runs and lapse soon after it dies (docs/scaling.md, "Leases").
 * A timer is a clock, so it lives here, outside the engine.
 */
import type { AsyncEngine, LeaseReport } from '../../runtime/async-engine.js';

/** Options of {@link keepLeases}. */
export interface KeepLeasesOptions {
  /** How often to renew, in ms: well under the store's `leaseMs` (a third of it is safe). Default 10,000. */
  everyMs?: number;
  /** Called when a renewal found claims whose copies others hold now; they have left their hands. */
  onLost?: (lost: LeaseReport['lost']) => void;
  /** Called when a renewal failed (Redis unreachable); the next tick tries again. */
  onError?: (err: unknown) => void;
}

/**
 * Renews the engine's leases every `everyMs` until the returned function is called. A renewal
 * still running when the next tick comes is not doubled. The timer does not keep Node alive.
 *
 * @example
 * ```ts
 * const stop = keepLeases(engine, { everyMs: 10_000, onLost: (lost) => console.warn('lost', lost) });
 * // ... on shutdown
 * stop();
 * ```
 */
export function keepLeases(engine: AsyncEngine, options: KeepLeasesOptions = {}): () => void {
  const everyMs = options.everyMs ?? 10_000;
  let running = false;
  const tick = (): void => {
    if (running) return;
    running = true;
    engine.renewLeases().then(
      (report) => {
        running = false;
        if (report.lost.length > 0) options.onLost?.(report.lost);
      },
      (err: unknown) => {
        running = false;
        options.onError?.(err);
      },
    );
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
