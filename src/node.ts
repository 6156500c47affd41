/**
 * `storyletengine/node`: everything of the main entry, with a {@link publish} that also reads a
 * content folder from disk (`publish({ dir })`).
 *
 * In Node, `import … from 'storyletengine'` resolves here by itself (the package's `node` export
 * condition), so most code never names this entry; name it where a bundler targets Node without
 * that condition. The main entry's own build reaches no Node built-in, which is what a browser
 * bundle gets.
 *
 * **API boundary:** the main entry's exports, plus the folder-reading `publish`.
 *
 * @example
 * ```ts
 * import { publish, createEngine } from 'storyletengine/node';
 * const result = await publish({ dir: 'content' });
 * if (result.ok) createEngine(result.bundle, { seed: 'demo' });
 * ```
 *
 * @packageDocumentation
 * @module storyletengine/node
 */
import { publishSource, type PublishResult, type PublishSource } from './content/publish.js';
import { readContentDir } from './content/read-dir.js';

export * from './index.js';

/**
 * Checks content and builds a bundle, from a folder (`{ dir }`: every `.yaml`, `.yml` and `.json`
 * file under it, in path order) or from files in memory (`{ files }`). A folder that cannot be
 * read is a `content/no-files` diagnostic, not an exception.
 *
 * @example
 * ```ts
 * const result = await publish({ dir: 'content' });
 * if (!result.ok) for (const d of result.diagnostics) console.error(formatDiagnostic(d, result.sources));
 * ```
 */
export function publish(source: PublishSource): Promise<PublishResult> {
  return publishSource(source, readContentDir);
}
