/**
 * Starting a worker thread on a module of this package: the built `.js` beside the caller, or,
 * when the caller runs from the sources under tsx (the tests), the `.ts` through tsx's loader.
 */
import { Worker } from 'node:worker_threads';

/**
 * A worker running the module `name` (without extension) in the folder of the module whose
 * `import.meta.url` is `base`.
 *
 * @example
 * ```ts
 * const worker = startWorker(import.meta.url, 'check-worker', { cardsDir, seed });
 * ```
 */
export function startWorker(base: string, name: string, workerData: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const url = new URL(`./${name}.ts`, base).href;
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
