/**
 * `mtg cards show <name>`: a card's compiled IR as readable text: faces, abilities with their
 * sub-ability trees, triggers, statics, replacements, keywords (and what they expanded into),
 * SVars, the primitives it needs and which of them the engine lacks, and its diagnostics.
 */
import { missingPrimitives } from './coverage.js';
import { paramReaders, unreadParams } from './census.js';
import { formatDiagnostic } from './diagnostics.js';
import type { Card, Face, ScriptNode } from './ir.js';
import { abilityTree, type AbilityTree } from './link.js';

const CLIP = 90;

function clip(value: string): string {
  return value.length > CLIP ? `${value.slice(0, CLIP - 1)}…` : value;
}

/**
 * A node back in script syntax (`DB$ Draw | NumCards$ 2`), long values clipped.
 *
 * @example
 * ```ts
 * nodeText(node); // 'SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 3'
 * ```
 */
export function nodeText(node: ScriptNode): string {
  return Object.entries(node.params)
    .map(([k, v]) => `${k}$ ${clip(v)}`)
    .join(' | ');
}

function where(node: ScriptNode): string {
  if (node.origin) return `[${node.origin}]`;
  return node.svar ? `SVar ${node.svar} (line ${node.line})` : `line ${node.line}`;
}

function tree(out: string[], t: AbilityTree, indent: string): void {
  for (const child of t.children) {
    if (child.missing) out.push(`${indent}└ ${child.key}$ ${child.svar} → (missing SVar)`);
    else if (child.cycle) out.push(`${indent}└ ${child.key}$ ${child.svar} → (cycle)`);
    else {
      out.push(`${indent}└ ${child.key}$ ${child.svar} → ${nodeText(child.tree!.node)}`);
      tree(out, child.tree!, `${indent}  `);
    }
  }
}

function section(out: string[], title: string, face: Face, nodes: ScriptNode[]): void {
  if (nodes.length === 0) return;
  out.push(`  ${title}:`);
  for (const node of nodes) {
    out.push(`    ${where(node)}: ${nodeText(node)}`);
    tree(out, abilityTree(face, node), '      ');
  }
}

/**
 * Renders `card` for people, marking each primitive `✓` (supported) or `✗` (missing).
 *
 * @example
 * ```ts
 * console.log(formatCard(registry.get('Lightning Bolt'), new Set(supportedPrimitives())));
 * ```
 */
export function formatCard(card: Card, supported: ReadonlySet<string>): string {
  const out: string[] = [];
  const missing = missingPrimitives(card, supported);
  out.push(`${card.name}${card.token ? ' (token)' : ''}  [${card.file}]`);
  out.push(`layout: ${card.layout}  mana value: ${card.manaValue}  colours: ${card.colours.join('') || 'colourless'}`);
  out.push(`primitives: ${card.primitives.length}  missing: ${missing.length}  ${missing.length === 0 ? 'playable' : 'not playable'}`);
  for (const p of card.primitives) out.push(`  ${supported.has(p) ? '✓' : '✗'} ${p}`);
  const unread = unreadParams(card, paramReaders());
  out.push(`parameters no code reads: ${unread.length === 0 ? 'none' : unread.join(', ')}`);
  card.faces.forEach((face, i) => {
    out.push('', `face ${i + 1}: ${face.name}`);
    const stats = [
      `cost: ${face.manaCost ?? 'none'}`,
      `types: ${face.typeLine}`,
      ...(face.power !== undefined ? [`P/T: ${face.power}/${face.toughness}`] : []),
      ...(face.loyalty !== undefined ? [`loyalty: ${face.loyalty}`] : []),
    ];
    out.push(`  ${stats.join('  ')}`);
    if (face.keywords.length > 0) {
      out.push('  keywords:');
      for (const kw of face.keywords) {
        out.push(`    line ${kw.line}: ${kw.text}${kw.expandedBy ? `  (expanded by ${kw.expandedBy})` : `  → kw:${kw.name}`}`);
      }
    }
    section(out, 'abilities', face, face.abilities);
    section(out, 'triggers', face, face.triggers);
    section(out, 'statics', face, face.statics);
    section(out, 'replacements', face, face.replacements);
    const svars = Object.values(face.svars);
    if (svars.length > 0) {
      out.push('  svars:');
      for (const s of svars) {
        const note = s.value?.count ? `value, count:${s.value.count}` : s.referenced === false ? `${s.shape}, unreferenced` : s.shape;
        out.push(`    ${s.name} (line ${s.line}, ${note}): ${s.node ? nodeText(s.node) : clip(s.text ?? '')}`);
      }
    }
    out.push(`  primitives: ${face.primitives.join(', ') || '(none)'}`);
  });
  if (card.diagnostics.length > 0) {
    out.push('', 'diagnostics:');
    for (const d of card.diagnostics) out.push(`  ${formatDiagnostic(d)}`);
  }
  return out.join('\n');
}
