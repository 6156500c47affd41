/**
 * Splitting a keyword line into its name and arguments. Forge writes keywords three ways:
 * `Equip:2` (arguments after colons), `Enchant creature` / `Protection from black` (the argument
 * after the keyword's words) and whole sentences (`CARDNAME can't block.`), which are keywords in
 * Forge's sense and keep the sentence as their name.
 */

// Keywords whose argument follows a space rather than a colon (Forge's KeywordWithType family;
// Flashback's cost: `Flashback 5 R`, `Flashback 1 B PayLife<3>`).
const SPACE_ARGUMENT = new Set(['enchant', 'protection', 'flashback']);

// Keyword names of more than one word, so "First Strike" is not read as "First" + "Strike".
const MULTI_WORD = [
  'First Strike',
  'Double Strike',
  'Cumulative upkeep',
  'Level up',
  'Battle cry',
  'Split second',
  'Totem armor',
  'Living weapon',
  'Aura swap',
  'Hidden agenda',
  'Double agenda',
];

/**
 * The name and arguments of a keyword line's text (after `K:`).
 *
 * @example
 * ```ts
 * parseKeyword('Equip:2');               // { name: 'Equip', args: ['2'] }
 * parseKeyword('Enchant creature');      // { name: 'Enchant', args: ['creature'] }
 * parseKeyword('Swampwalk');             // { name: 'Landwalk', args: ['Swamp'] }
 * parseKeyword("CARDNAME can't block."); // { name: "CARDNAME can't block.", args: [] }
 * ```
 */
export function parseKeyword(text: string): { name: string; args: string[] } {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  if (colon > 0) {
    return {
      name: trimmed.slice(0, colon).trim(),
      args: trimmed
        .slice(colon + 1)
        .split(':')
        .map((a) => a.trim()),
    };
  }
  const words = trimmed.split(/\s+/);
  const first = words[0] ?? '';
  const lower = trimmed.toLowerCase();
  for (const multi of MULTI_WORD) {
    const m = multi.toLowerCase();
    if (lower === m) return { name: multi, args: [] };
    if (lower.startsWith(m + ' ')) return { name: multi, args: [trimmed.slice(m.length + 1).trim()] };
  }
  if (words.length > 1 && SPACE_ARGUMENT.has(first.toLowerCase())) {
    return { name: first, args: [trimmed.slice(first.length).trim()] };
  }
  // CR 702.14: "<type>walk"; Forge also writes "Nonbasic landwalk", "Legendary landwalk".
  if (words.length === 1 && /^[A-Za-z]+walk$/.test(first) && first.toLowerCase() !== 'landwalk') {
    return { name: 'Landwalk', args: [first.slice(0, -'walk'.length)] };
  }
  if (words.length === 2 && words[1]!.toLowerCase() === 'landwalk') {
    return { name: 'Landwalk', args: [first] };
  }
  return { name: trimmed, args: [] };
}
