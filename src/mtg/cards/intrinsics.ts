/**
 * Stage 4, intrinsics: what the rules grant a face rather than what its script prints. A land
 * with a basic land type has "{T}: Add [mana]" for each such type (CR 305.6), whether or not the
 * script writes it: Forge's basic land scripts carry no A: line at all.
 */
import type { Face } from './ir.js';
import { BASIC_LAND_MANA } from './mana.js';
import { DiagnosticSink } from './diagnostics.js';
import { parseNode } from './nodes.js';

/**
 * Adds the intrinsic abilities of `face` in place and returns how many it added.
 *
 * @example
 * ```ts
 * applyIntrinsics(forestFace); // 1: `AB$ Mana | Cost$ T | Produced$ G`, origin 'intrinsic:Forest'
 * ```
 */
export function applyIntrinsics(face: Face, file = ''): number {
  let added = 0;
  // The lines below are well formed, so the sink stays empty; it exists because parseNode needs one.
  const sink = new DiagnosticSink(file);
  for (const [type, colour] of BASIC_LAND_MANA) {
    if (!face.types.subtypes.includes(type)) continue;
    face.abilities.push(
      parseNode(
        'ability',
        `AB$ Mana | Cost$ T | Produced$ ${colour} | SpellDescription$ Add {${colour}}.`,
        { line: 0, column: 1, sink },
        {
          origin: `intrinsic:${type}`,
        },
      ),
    );
    added++;
  }
  return added;
}
