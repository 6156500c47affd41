/**
 * `/demo.html`, AI vs AI (docs/mtg/web.md "AI vs AI"): pick two decks and a seed, then watch the
 * heuristic play itself entirely in the page, with play, pause, step and speed.
 * `demo.html?seed=S&p1=STEM&p2=STEM&autoplay=1` starts at once. The game's tagged lines go into
 * `#gamelog` (one line per line, as `mtg tui A B --seed S --p1 heuristic --p2 heuristic
 * --tag-gamelogs` prints them), `data-finished="true"` is set on it when the game ends, and
 * `#status` carries `data-state` (idle, playing, paused, finished, error) and `data-choices`.
 *
 * Determinism: the game is {@link DemoGame}; this file only schedules its steps (timers move no
 * game state) and draws.
 */
import type { Seat } from '../../engine/index.js';
import { registryCardInfo, renderBoard, type BoardOptions } from '../ui/board.js';
import { loadSiteData, findDeck, type SiteData, type SiteDeck } from './data.js';
import { DemoGame, type DemoLine } from './demo-game.js';

/** How long the page waits between decisions at each speed; `max` plays for a frame's worth of time, then draws. */
const SPEEDS = { slow: 1000, normal: 250, fast: 33, max: 0 } as const;
type Speed = keyof typeof SPEEDS;
/** At `max` speed, how long the page plays before it yields to draw (ms). */
const MAX_SLICE_MS = 30;

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`demo.html has no #${id}`);
  return el as T;
};

const ui = {
  form: $<HTMLFormElement>('controls'),
  p1: $<HTMLSelectElement>('p1'),
  p2: $<HTMLSelectElement>('p2'),
  seed: $<HTMLInputElement>('seed'),
  play: $<HTMLButtonElement>('play'),
  pause: $<HTMLButtonElement>('pause'),
  step: $<HTMLButtonElement>('step'),
  speed: $<HTMLSelectElement>('speed'),
  viewer: $<HTMLSelectElement>('viewer'),
  error: $('error'),
  notices: $('notices'),
  header: $('header-line'),
  status: $('status'),
  result: $('result-line'),
  board: $('board'),
  gamelog: $('gamelog'),
};

let site: SiteData;
let cardInfo: Pick<BoardOptions, 'cardText' | 'printedPT'> = {};
let demo: DemoGame | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let playing = false;
/** Set when the engine failed: the error state stays until a new game. */
let failed = false;

/** Draws the board from the chosen seat's view (the shared board: src/mtg/web/ui/board.ts). */
function drawBoard(game: DemoGame): void {
  const viewer: Seat = ui.viewer.value === '1' ? 1 : 0;
  renderBoard(ui.board, game.view(viewer), {
    viewer,
    names: [`p1 · ${game.decks[0].name}`, `p2 · ${game.decks[1].name}`],
    images: site.image,
    ...cardInfo,
  });
}

function setStatus(state: 'idle' | 'playing' | 'paused' | 'finished' | 'error', text: string): void {
  ui.status.dataset['state'] = state;
  ui.status.dataset['choices'] = String(demo?.choices ?? 0);
  ui.status.textContent = text;
  const live = demo !== null && !demo.over && state !== 'error';
  ui.play.disabled = !live || playing;
  ui.pause.disabled = !live || !playing;
  ui.step.disabled = !live || playing;
}

function showError(message: string): void {
  ui.error.textContent = message;
}

function refresh(atEnd = true): void {
  if (!demo || failed) return;
  followLog(atEnd);
  drawBoard(demo);
  if (demo.over) setStatus('finished', `game over after ${demo.choices} decisions`);
  else setStatus(playing ? 'playing' : 'paused', `${playing ? 'playing' : 'paused'} · ${demo.choices} decisions · turn ${demo.game.state.turn}`);
}

function write(line: DemoLine): void {
  if (line.kind === 'header') ui.header.textContent = line.text;
  else if (line.kind === 'result') ui.result.textContent = line.text;
  else ui.gamelog.append(`${line.text}\n`);
}

/** Keeps the log scrolled to its end while it grows, unless the reader scrolled up to read. */
function followLog(atEnd: boolean): void {
  if (atEnd) ui.gamelog.scrollTop = ui.gamelog.scrollHeight;
}

function logAtEnd(): boolean {
  return ui.gamelog.scrollHeight - ui.gamelog.scrollTop - ui.gamelog.clientHeight < 24;
}

/** One decision; false (and the page marked finished or failed) when the game is over. */
function advance(): boolean {
  if (!demo) return false;
  try {
    if (demo.step()) return true;
    ui.gamelog.dataset['finished'] = 'true';
  } catch (error) {
    stop();
    failed = true;
    showError(`the engine failed at decision ${demo.choices + 1}: ${(error as Error).message}`);
    setStatus('error', 'the game stopped on an engine failure');
    return false;
  }
  stop();
  return false;
}

function stop(): void {
  playing = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function speed(): Speed {
  const v = ui.speed.value;
  return v in SPEEDS ? (v as Speed) : 'normal';
}

/** Plays on: one decision per tick at a paced speed, a time slice of decisions at `max`. */
function tick(): void {
  timer = null;
  if (!playing || !demo) return;
  const delay = SPEEDS[speed()];
  const atEnd = logAtEnd();
  if (delay === 0) {
    // The clock only decides when to yield to draw; the decisions made are the same either way.
    const until = performance.now() + MAX_SLICE_MS;
    while (playing && advance() && performance.now() < until);
  } else advance();
  refresh(atEnd);
  if (playing) timer = setTimeout(tick, delay);
}

function play(): void {
  if (!demo || demo.over || playing) return;
  playing = true;
  refresh();
  timer = setTimeout(tick, 0);
}

function pause(): void {
  stop();
  refresh();
}

function step(): void {
  if (!demo || demo.over) return;
  stop();
  const atEnd = logAtEnd();
  advance();
  refresh(atEnd);
}

function start(p1: SiteDeck, p2: SiteDeck, seed: string, autoplay: boolean): void {
  stop();
  demo = null;
  failed = false;
  ui.error.textContent = '';
  ui.header.textContent = '';
  ui.result.textContent = '';
  ui.gamelog.textContent = '';
  delete ui.gamelog.dataset['finished'];
  try {
    demo = new DemoGame({ registry: site.registry, decks: [p1, p2], seed: seed.trim() }, write);
  } catch (error) {
    showError((error as Error).message);
    setStatus('error', 'the game could not start');
    return;
  }
  refresh();
  if (autoplay) play();
}

function fillDecks(select: HTMLSelectElement, decks: readonly SiteDeck[], chosen: string): void {
  const groups = new Map<string, SiteDeck[]>();
  for (const d of decks) groups.set(d.group, [...(groups.get(d.group) ?? []), d]);
  const children = [...groups].map(([group, list]) => {
    const g = document.createElement('optgroup');
    g.label = group;
    for (const d of list) g.append(new Option(d.stem, d.stem, false, d.stem === chosen));
    return g;
  });
  select.replaceChildren(...children);
}

async function main(): Promise<void> {
  site = await loadSiteData();
  cardInfo = registryCardInfo(site.registry);
  for (const n of site.notices) {
    const li = document.createElement('li');
    li.textContent = n;
    ui.notices.append(li);
  }
  const q = new URLSearchParams(location.search);
  const p1 = q.get('p1') ?? 'red_green_aggro';
  const p2 = q.get('p2') ?? 'white_blue_control';
  fillDecks(ui.p1, site.decks, p1);
  fillDecks(ui.p2, site.decks, p2);
  ui.seed.value = q.get('seed') ?? '1';
  const s = q.get('speed');
  if (s !== null && s in SPEEDS) ui.speed.value = s;
  else if (q.get('autoplay') === '1') ui.speed.value = 'max';

  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    start(findDeck(site, ui.p1.value), findDeck(site, ui.p2.value), ui.seed.value, true);
  });
  ui.play.addEventListener('click', play);
  ui.pause.addEventListener('click', pause);
  ui.step.addEventListener('click', step);
  ui.viewer.addEventListener('change', () => refresh());
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === ' ') {
      e.preventDefault();
      if (playing) pause();
      else play();
    } else if (e.key === 's' || e.key === 'ArrowRight') step();
  });

  if (q.get('p1') !== null || q.get('p2') !== null || q.get('autoplay') === '1') {
    let decks: [SiteDeck, SiteDeck];
    try {
      decks = [findDeck(site, p1), findDeck(site, p2)];
    } catch (error) {
      showError((error as Error).message);
      setStatus('error', 'the game could not start');
      return;
    }
    start(decks[0], decks[1], ui.seed.value, q.get('autoplay') === '1');
  }
}

void main().catch((error: unknown) => {
  showError(`the page failed to start: ${(error as Error).message}`);
  setStatus('error', 'the page failed to start');
});
