/**
 * Mana symbols drawn with CSS (no image font): each symbol is a `<span class="mana …">` circle
 * holding its letter or number, coloured by the classes style.css gives it. Costs come in two
 * spellings — Forge's script form (`2 U U`, `W/U`, `U/P`) in a CardView's `manaCost`, and the
 * braced Oracle form (`{2}{U}{U}`, `{T}`) in rules text — and both are read here.
 */

const COLOUR_NAMES: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colourless' };

/**
 * The symbols of a cost, one string each, in the cost's order.
 *
 * @example
 * ```ts
 * manaSymbols('2 U U'); // ['2', 'U', 'U']
 * manaSymbols('{1}{W/U}{G/P}'); // ['1', 'W/U', 'G/P']
 * ```
 */
export function manaSymbols(cost: string): string[] {
  const braced = cost.match(/\{[^}]*\}/g);
  if (braced) return braced.map((s) => s.slice(1, -1).toUpperCase());
  return cost
    .trim()
    .split(/\s+/)
    .filter((s) => s !== '')
    .map((s) => s.toUpperCase());
}

/** What a symbol is, for its classes and its spoken name. */
function describe(symbol: string): { classes: string[]; label: string; text: string } {
  const parts = symbol.split('/');
  if (symbol === 'T') return { classes: ['mana-tap'], label: 'tap', text: '⟳' };
  if (symbol === 'Q') return { classes: ['mana-untap'], label: 'untap', text: 'Q' };
  if (symbol === 'S') return { classes: ['mana-snow'], label: 'snow', text: '❄' };
  if (symbol === 'X' || symbol === 'Y' || symbol === 'Z') return { classes: ['mana-generic', 'mana-variable'], label: symbol, text: symbol };
  if (symbol === 'C') return { classes: ['mana-C'], label: 'colourless', text: 'C' };
  if (/^\d+$/.test(symbol)) return { classes: ['mana-generic'], label: `${symbol} generic`, text: symbol };
  if (parts.length === 1 && COLOUR_NAMES[symbol]) return { classes: [`mana-${symbol}`], label: COLOUR_NAMES[symbol], text: symbol };
  // Phyrexian mana (CR 107.4f): `U/P` (Forge) or `{U/P}`; pay the colour or 2 life.
  if (parts.length >= 2 && parts.includes('P')) {
    const colours = parts.filter((p) => p !== 'P');
    return {
      classes: ['mana-phyrexian', ...colours.map((c) => `mana-${c}`), ...(colours.length > 1 ? ['mana-hybrid', `mana-hybrid-${colours.join('')}`] : [])],
      label: `phyrexian ${colours.map((c) => COLOUR_NAMES[c] ?? c).join(' or ')}`,
      text: `${colours.join('/')}ᵠ`,
    };
  }
  // Hybrid mana (CR 107.4e): `W/U`, and the monocoloured hybrid `2/W`.
  if (parts.length === 2) {
    const [a, b] = parts as [string, string];
    return {
      classes: ['mana-hybrid', `mana-hybrid-${a}${b}`, `mana-h1-${a}`, `mana-h2-${b}`],
      label: `${COLOUR_NAMES[a] ?? a} or ${COLOUR_NAMES[b] ?? b}`,
      text: `${a}/${b}`,
    };
  }
  return { classes: ['mana-other'], label: symbol, text: symbol };
}

/**
 * One mana symbol as a CSS circle.
 *
 * @example
 * ```ts
 * manaSymbol('G').outerHTML; // '<span class="mana mana-G" title="green" aria-hidden="true">G</span>'
 * ```
 */
export function manaSymbol(symbol: string): HTMLElement {
  const d = describe(symbol);
  const el = document.createElement('span');
  el.className = ['mana', ...d.classes].join(' ');
  el.title = d.label;
  el.setAttribute('aria-hidden', 'true');
  el.textContent = d.text;
  return el;
}

/**
 * A whole cost as symbols, with a spoken label (`mana cost 1 green`).
 *
 * @example
 * ```ts
 * manaCost('1 G').getAttribute('aria-label'); // 'mana cost 1 generic, green'
 * ```
 */
export function manaCost(cost: string): HTMLElement {
  const el = document.createElement('span');
  el.className = 'mana-cost';
  const symbols = manaSymbols(cost);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', `mana cost ${symbols.map((s) => describe(s).label).join(', ')}`);
  for (const s of symbols) el.append(manaSymbol(s));
  return el;
}

/**
 * Rules text with its braced symbols (`{T}: Add {G}.`) drawn as mana circles; line breaks kept.
 *
 * @example
 * ```ts
 * rulesText('{T}: Add {G}.', el); // el now holds '⟳', ': Add ', 'G', '.'
 * ```
 */
export function rulesText(text: string, into: HTMLElement): void {
  // Forge writes line breaks inside Oracle text as a literal backslash-n.
  const lines = text.replace(/\\n/g, '\n').split('\n');
  lines.forEach((line, i) => {
    if (i > 0) into.append(document.createElement('br'));
    let at = 0;
    for (const m of line.matchAll(/\{([^}]+)\}/g)) {
      if (m.index > at) into.append(line.slice(at, m.index));
      const sym = manaSymbol(m[1]!.toUpperCase());
      // In running text the symbol is read aloud, unlike in a cost that has its own label.
      sym.removeAttribute('aria-hidden');
      sym.setAttribute('role', 'img');
      sym.setAttribute('aria-label', sym.title);
      into.append(sym);
      at = m.index + m[0].length;
    }
    if (at < line.length) into.append(line.slice(at));
  });
}
