/**
 * The Board's one page and its styles. The script is the compiled `client/main.js`, served from
 * the package's own dist: no CDN, nothing fetched from elsewhere.
 */

/**
 * The HTML of the Board.
 *
 * @example
 * ```ts
 * res.end(boardPage());
 * ```
 */
export function boardPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>storyletengine Board</title>
<link rel="stylesheet" href="/board.css">
<script type="module" src="/client/main.js"></script>
</head>
<body>
<header class="top">
  <h1>storyletengine <span>Board</span></h1>
  <div id="content-status" class="status"></div>
  <label class="flow">flow <select id="flow-select" data-testid="flow-select"></select></label>
  <form id="new-flow" class="flow-new"><input name="flow" placeholder="new flow" aria-label="new flow id" size="10"><button>Open</button></form>
  <span id="live" class="live" title="live trace">offline</span>
</header>
<section id="diagnostics" class="diagnostics" hidden></section>
<div id="error" class="error" role="alert" hidden></div>
<section id="table-view" class="table-view" hidden><h2>Table</h2><div id="tables"></div></section>
<main>
  <div id="boxes" class="boxes"></div>
  <aside>
    <section class="panel"><h2>World</h2><div id="world"></div></section>
    <section class="panel"><h2>Live trace</h2><ol id="trace-log" class="trace-log" reversed></ol></section>
  </aside>
</main>
<noscript>The Board needs JavaScript.</noscript>
</body>
</html>
`;
}

/** The Board's styles: small, readable, no framework. */
export const BOARD_CSS = `
:root { --ink:#1d232b; --muted:#66707c; --line:#d8dde3; --bg:#f5f6f8; --card:#fff; --accent:#2d5fa8;
  --ok:#2f7d4a; --warn:#a06a00; --bad:#b3261e; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
body { margin: 0; background: var(--bg); }
header.top { display: flex; align-items: center; gap: 1rem; padding: .6rem 1rem; background: #fff; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
h1 { font-size: 1rem; margin: 0; } h1 span { color: var(--accent); font-weight: 600; }
h2 { font-size: .95rem; margin: 0 0 .5rem; } h3 { font-size: .9rem; margin: 0; }
.status { color: var(--muted); font-size: .85rem; flex: 1; }
.status code { color: var(--ink); }
.live { font-size: .8rem; padding: .1rem .5rem; border-radius: 1rem; background: #eee; color: var(--muted); }
.live.on { background: #e3f3e8; color: var(--ok); }
.flow-new { display: flex; gap: .3rem; }
main { display: grid; grid-template-columns: 1fr 22rem; gap: 1rem; padding: 1rem; align-items: start; }
.panel, .box { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .8rem; margin-bottom: 1rem; }
.box-head { display: flex; align-items: baseline; gap: .8rem; margin-bottom: .6rem; }
.clock { color: var(--muted); }
.hands { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: .8rem; }
.hand { border: 1px solid var(--line); border-radius: 6px; padding: .6rem; background: #fbfcfd; }
.hand-head { display: flex; justify-content: space-between; align-items: baseline; gap: .5rem; }
.meta { color: var(--muted); font-size: .8rem; }
.ask { display: flex; gap: .4rem; flex-wrap: wrap; margin: .4rem 0; font-size: .85rem; }
.actions { display: flex; gap: .4rem; margin: .4rem 0; }
button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: .15rem .6rem; cursor: pointer; }
button:hover { border-color: var(--accent); color: var(--accent); }
button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
ul.cards, ol.stock { list-style: none; margin: .3rem 0; padding: 0; }
.stock li { flex-wrap: wrap; }
.cards li, .stock li { display: flex; justify-content: space-between; align-items: center; gap: .4rem; padding: .3rem .4rem; border: 1px solid var(--line); border-radius: 4px; background: #fff; margin-bottom: .3rem; }
.card-title { font-weight: 600; } .card-id { color: var(--muted); font-size: .8rem; font-family: ui-monospace, monospace; }
.empty { color: var(--muted); font-style: italic; font-size: .85rem; }
.label { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin-top: .5rem; }
details.not-listed { margin-top: .5rem; border-top: 1px dashed var(--line); padding-top: .4rem; }
details.not-listed summary { cursor: pointer; color: var(--accent); font-size: .85rem; }
.verdict { margin: .4rem 0 .2rem; }
.verdict h4 { margin: 0; font-size: .8rem; font-family: ui-monospace, monospace; }
.verdict ul { margin: .1rem 0 0; padding-left: 1rem; font-size: .8rem; }
.verdict li code { font-weight: 600; }
.v-deck-gate h4, .v-condition h4, .v-priority h4 { color: var(--bad); }
.v-cooldown h4, .v-capped h4 { color: var(--warn); }
.v-tags h4 { color: var(--muted); }
.v-claimed h4, .v-claimed-elsewhere h4, .v-taken h4 { color: #6b3fa0; }
.world-row { display: grid; grid-template-columns: minmax(0, 1fr) 6.5rem auto; gap: .4rem; align-items: center; margin-bottom: .3rem; font-size: .85rem; }
.world-row code { overflow-wrap: anywhere; }
.world-row input, .world-row select { font: inherit; width: 100%; box-sizing: border-box; }
.trace-log { font-size: .8rem; padding-left: 1.4rem; margin: 0; max-height: 24rem; overflow: auto; }
.trace-log li { margin-bottom: .2rem; }
.diagnostics { margin: 1rem 1rem 0; padding: .8rem; border: 1px solid var(--bad); border-radius: 6px; background: #fff5f4; }
.diagnostics.warnings { border-color: var(--warn); background: #fffaf0; }
.diagnostics pre { margin: .4rem 0; font-size: .8rem; white-space: pre-wrap; }
.error { margin: 1rem 1rem 0; padding: .5rem .8rem; background: #fff5f4; border: 1px solid var(--bad); border-radius: 6px; }
.condition { font-family: ui-monospace, monospace; font-size: .78rem; color: var(--muted); }
/* The Table view (client/table.ts) */
.table-view { margin: 1rem 1rem 0; }
.table { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .8rem; margin-bottom: 1rem; }
.table-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; align-items: start; }
ul.zones { list-style: none; margin: .3rem 0; padding-left: 0; }
ul.zones ul.zones { padding-left: 1rem; }
.entity { border: 1px solid var(--line); border-radius: 4px; padding: .3rem .4rem; margin-bottom: .3rem; background: #fbfcfd; }
.entity.pile { background: #fff; display: block; }
.entity.selected { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
button.pick { border: none; background: none; padding: 0; text-align: left; }
.effective { display: block; font-size: .78rem; color: var(--muted); font-family: ui-monospace, monospace; }
.inspector, .try { border: 1px solid var(--line); border-radius: 6px; padding: .6rem; margin-bottom: .8rem; background: #fbfcfd; }
.inspector h4 { margin: .2rem 0 .5rem; }
label.setting { display: grid; grid-template-columns: 7rem 1fr; align-items: center; margin-bottom: .4rem; }
.tried.refused [data-testid="why"] { color: var(--bad); }
`;
