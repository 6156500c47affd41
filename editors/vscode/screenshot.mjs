// node editors/vscode/screenshot.mjs: renders part of examples/village/village.yaml with the
// injection grammar's tokens (highlight.mjs) in Debian's Chromium and writes screenshot.png for the
// README. YAML keys and strings get a plain colour; everything inside strings is the grammar's.
// It is the grammar's matching drawn in a page, not a capture of VS Code.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { tokenize } from './highlight.mjs';

const COLOURS = {
  'punctuation.definition.variable.storylet': '#569cd6',
  'variable.language.scope.storylet': '#569cd6',
  'punctuation.accessor.storylet': '#569cd6',
  'variable.other.property.storylet': '#9cdcfe',
  'keyword.control.step.storylet': '#c586c0',
  'support.function.storylet': '#dcdcaa',
  'keyword.operator.logical.storylet': '#c586c0',
  'keyword.operator.comparison.storylet': '#d4d4d4',
  'keyword.operator.assignment.storylet': '#d4d4d4',
  'punctuation.separator.statement.storylet': '#d4d4d4',
  'constant.numeric.storylet': '#b5cea8',
};
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function string(text) {
  let out = '';
  let at = 0;
  for (const t of tokenize(text)) {
    out += `<span style="color:#ce9178">${esc(text.slice(at, t.start))}</span><span style="color:${COLOURS[t.scope] ?? '#fff'}">${esc(t.text)}</span>`;
    at = t.start + t.text.length;
  }
  return out + `<span style="color:#ce9178">${esc(text.slice(at))}</span>`;
}

function line(l) {
  const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w]*)(:)(.*)$/.exec(l);
  const rest = m ? m[4] : l.replace(/^(\s*-\s+)/, '');
  const lead = m ? `${esc(m[1])}<span style="color:#569cd6">${m[2]}</span>:` : esc(l.slice(0, l.length - rest.length));
  // Strings: quoted ones anywhere, and a plain value after an expression key.
  const plainExpr = m && /^(condition|priority|gate)$/.test(m[2]) && !/^\s*["'[{]/.test(rest);
  let body = '';
  if (plainExpr) body = string(rest);
  else {
    let at = 0;
    for (const q of rest.matchAll(/"([^"]*)"/g)) {
      body += `${esc(rest.slice(at, q.index))}"${string(q[1])}"`;
      at = q.index + q[0].length;
    }
    body += esc(rest.slice(at));
  }
  return lead + body;
}

const source = readFileSync(new URL('../../examples/village/village.yaml', import.meta.url), 'utf8')
  .split('\n')
  .slice(0, 31);
const html = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">
<pre style="margin:0;padding:16px 20px;font:14px/1.45 'DejaVu Sans Mono',monospace;color:#d4d4d4">${source.map(line).join('\n')}</pre>`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 760, height: 100 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const png = await page.locator('pre').screenshot();
  writeFileSync(new URL('./screenshot.png', import.meta.url), png);
  console.log('editors/vscode/screenshot.png');
} finally {
  await browser.close();
}
