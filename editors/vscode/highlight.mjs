// The injection grammar's patterns applied to one string, for the README's screenshot and the
// grammar's test. Its regexes are written in the subset Oniguruma (VS Code) and JavaScript share,
// so the same patterns run here; this is the grammar's matching, not VS Code's renderer.
import { readFileSync } from 'node:fs';

const grammar = JSON.parse(readFileSync(new URL('./syntaxes/storylet.injection.json', import.meta.url), 'utf8'));

/** Every leaf rule of the grammar: a regex and its scope names (whole match or per capture). */
function rules() {
  const out = [];
  const walk = (rule) => {
    if (rule.include) return walk(grammar.repository[rule.include.slice(1)]);
    if (rule.patterns) return rule.patterns.forEach(walk);
    out.push({ re: new RegExp(rule.match, 'g'), name: rule.name, captures: rule.captures });
  };
  grammar.patterns.forEach(walk);
  return out;
}

/**
 * The tokens of a string as TextMate would find them: at each position the first rule (in the
 * grammar's order) whose match starts earliest wins, then scanning resumes after it.
 */
export function tokenize(text) {
  const list = rules();
  const tokens = [];
  let at = 0;
  while (at < text.length) {
    let best;
    for (const r of list) {
      r.re.lastIndex = at;
      const m = r.re.exec(text);
      if (m && m[0].length > 0 && (!best || m.index < best.m.index)) best = { r, m };
    }
    if (!best) break;
    const { r, m } = best;
    if (r.captures) {
      let offset = m.index;
      for (let i = 1; i < m.length; i++) {
        if (m[i] === undefined) continue;
        const scope = r.captures[i]?.name;
        if (scope) tokens.push({ text: m[i], start: offset, scope });
        offset += m[i].length;
      }
    } else tokens.push({ text: m[0], start: m.index, scope: r.name });
    at = m.index + m[0].length;
  }
  return tokens;
}
