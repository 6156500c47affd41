// The Board's server, over HTTP and its live socket, started as the real binary: state and
// actions, bad input answered with stable codes, the live trace, re-publish on change keeping the
// last good bundle, broken content at start, and a port in use.
import { createServer, type Server } from 'node:net';
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LISTED, NOT_LISTED, type ActionResponse, type BoardState, type LiveMessage } from '../../src/board/client/protocol.js';
import { VERDICTS } from '../../src/runtime/index.js';
import { cli } from '../cli/support.js';
import { copyContent, startBoardProcess, until, type RunningBoard } from './support.js';

async function state(board: RunningBoard, flow = 'main'): Promise<BoardState> {
  const r = (await (await fetch(`${board.url}api/state?flow=${flow}`)).json()) as ActionResponse;
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

async function act(board: RunningBoard, body: unknown): Promise<{ status: number; body: ActionResponse }> {
  const res = await fetch(`${board.url}api/action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as ActionResponse };
}

describe('the fold shows every verdict the runtime can give a card that was not listed', () => {
  it('NOT_LISTED and LISTED together are exactly the runtime verdicts', () => {
    expect([...NOT_LISTED, ...LISTED].sort()).toEqual([...VERDICTS].sort());
  });
});

describe('Board server on examples/village', () => {
  let board: RunningBoard;
  beforeAll(async () => {
    board = await startBoardProcess('examples/village');
  });
  afterAll(async () => {
    expect(await board.stop()).toBe(0);
  });

  it('serves the page, its styles and its compiled script from the package', async () => {
    const page = await (await fetch(board.url)).text();
    expect(page).toContain('<script type="module" src="/client/main.js">');
    expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const js = await fetch(`${board.url}client/main.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${board.url}board.css`)).status).toBe(200);
    expect((await fetch(`${board.url}client/..%2Fserver.js`)).status).toBe(404);
  });

  it('serves every module the page imports, the shared verdict table included', async () => {
    // Walks the page's static imports as a browser would resolve them, from /client/main.js.
    const seen = new Set<string>();
    const walk = async (url: string): Promise<void> => {
      if (seen.has(url)) return;
      seen.add(url);
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const js = await res.text();
      for (const m of js.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
        await walk(new URL((m[1] ?? m[2])!, url).href);
      }
    };
    await walk(`${board.url}client/main.js`);
    expect([...seen].some((u) => u.endsWith('/core/verdicts.js'))).toBe(true);
  });

  it('gives the state of a flow: boxes with clocks, hands, world', async () => {
    const s = await state(board);
    expect(s.content).toMatchObject({ ok: true, dir: 'examples/village', diagnostics: [] });
    expect(s.boxes.map((b) => [b.id, b.turn])).toEqual([['village', 0]]);
    expect(s.boxes[0]!.hands.map((h) => h.id)).toEqual(['elder_chat', 'smithy', 'square', 'forest_path']);
    expect(s.boxes[0]!.hands.find((h) => h.id === 'square')!.choose).toEqual([{ group: 'npc', tags: ['elder', 'smith'] }]);
    expect(s.world.find((w) => w.name === 'raining')).toEqual({ name: 'raining', type: 'boolean', value: false });
  });

  it('deals, and answers with the trace and the new state', async () => {
    const r = await act(board, { action: 'deal', flow: 'deal-test', hand: 'forest_path' });
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error('refused');
    expect(r.body.trace!.cards.map((c) => [c.id, c.verdict])).toContainEqual(['dark_path', 'condition']);
    const hand = r.body.state.boxes[0]!.hands.find((h) => h.id === 'forest_path')!;
    expect(hand.instances[0]!.cards.map((c) => c.id)).toEqual(['the_goblin']);
    expect(r.body.state.traces.map((t) => t.handKey)).toEqual(['forest_path']);
  });

  it('plays, advances and sets world values', async () => {
    await act(board, { action: 'deal', flow: 'p', hand: 'square', ask: { npc: 'elder' } });
    const played = await act(board, { action: 'play', flow: 'p', card: 'elder_advice', hand: 'square', ask: { npc: 'elder' } });
    expect(played.status).toBe(200);
    const adv = await act(board, { action: 'advance', flow: 'p', box: 'village', n: 2 });
    if (!adv.body.ok) throw new Error('refused');
    expect(adv.body.state.boxes[0]!.turn).toBe(3);
    const set = await act(board, { action: 'world', flow: 'p', name: 'now', value: 4 });
    if (!set.body.ok) throw new Error('refused');
    expect(set.body.state.world.find((w) => w.name === 'now')!.value).toBe(4);
  });

  it('refuses bad actions with the runtime code and changes nothing', async () => {
    const before = await state(board, 'bad');
    const unknown = await act(board, { action: 'deal', flow: 'bad', hand: 'nowhere' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, error: { code: 'deal/unknown-hand' } });
    const wrongType = await act(board, { action: 'world', flow: 'bad', name: 'now', value: 'soon' });
    expect(wrongType.body).toMatchObject({ ok: false, error: { code: 'world/type' } });
    const notHeld = await act(board, { action: 'play', flow: 'bad', card: 'the_goblin', hand: 'forest_path' });
    expect(notHeld.body).toMatchObject({ ok: false, error: { code: 'play/not-in-hand' } });
    const nonsense = await act(board, { action: 'dance', flow: 'bad' });
    expect(nonsense.body).toMatchObject({ ok: false, error: { code: 'board/bad-action' } });
    expect(await state(board, 'bad')).toEqual(before);
  });

  it('refuses malformed requests and foreign hosts', async () => {
    const garbage = await fetch(`${board.url}api/action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: { code: string } }).error.code).toBe('board/bad-request');
    const form = await fetch(`${board.url}api/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=deal',
    });
    expect(form.status).toBe(415);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(board.url);
      request({ host: '127.0.0.1', port: u.port, path: '/api/state', headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it('streams every deal and peek over the live socket', async () => {
    const socket = new WebSocket(`${board.url.replace('http', 'ws')}live`);
    const messages: LiveMessage[] = [];
    socket.on('message', (d) => messages.push(JSON.parse(String(d)) as LiveMessage));
    await new Promise((r) => socket.once('open', r));
    await act(board, { action: 'peek', flow: 'live', hand: 'square', ask: { npc: 'smith' } });
    const trace = await until(async () => messages.find((m) => m.type === 'trace'), 5000, 'a trace message');
    expect(trace).toMatchObject({ type: 'trace', event: { kind: 'peek', flow: 'live', hand: 'square', handKey: 'square{npc=smith}' } });
    socket.close();
  });
});

describe('Board re-publishes when the content changes', () => {
  let dir: string;
  let board: RunningBoard;
  beforeAll(async () => {
    dir = copyContent('examples/village');
    board = await startBoardProcess(dir);
  });
  afterAll(async () => {
    await board.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the diagnostics and keeps the last good bundle, then picks up the fix', async () => {
    const file = join(dir, 'village.yaml');
    const good = readFileSync(file, 'utf8');
    await act(board, { action: 'deal', flow: 'main', hand: 'forest_path' });
    const before = await state(board);
    const hash = before.content.hash;

    writeFileSync(file, good.replace('condition: "@hand.peril >= 2"', 'condition: "@hand.perl >= 2"'));
    const broken = await until(
      async () => {
        const s = await state(board);
        return s.content.ok ? undefined : s;
      },
      10_000,
      'the broken content to be reported',
    );
    expect(broken.content.hash).toBe(hash);
    const line = good.split('\n').findIndex((l) => l.includes('"@hand.peril >= 2"')) + 1;
    expect(broken.content.diagnostics.map((d) => [d.number, d.line, d.col])).toEqual([['SE012', line, 25]]);
    expect(broken.content.diagnostics[0]!.frame).toContain('^^^^^^^^^^ did you mean @hand.peril?');
    // Still playing the last good bundle: the flow kept what it held and can still deal.
    expect(broken.boxes[0]!.hands.find((h) => h.id === 'forest_path')!.instances[0]!.cards.map((c) => c.id)).toEqual(['the_goblin']);
    expect((await act(board, { action: 'peek', flow: 'main', hand: 'forest_path' })).status).toBe(200);
    expect(board.stderr()).toContain('SE012');

    writeFileSync(file, good.replace('title: A goblin in the woods', 'title: A goblin by the mill'));
    const fixed = await until(
      async () => {
        const s = await state(board);
        return s.content.ok && s.content.hash !== hash ? s : undefined;
      },
      10_000,
      'the fixed content',
    );
    expect(fixed.content.diagnostics).toEqual([]);
    expect(fixed.content.note).toContain('kept flow main');
    expect(fixed.boxes[0]!.hands.find((h) => h.id === 'forest_path')!.instances[0]!.cards.map((c) => c.id)).toEqual(['the_goblin']);
  });
});

describe('Board after a clean reload', () => {
  let dir: string;
  let board: RunningBoard;
  beforeAll(async () => {
    dir = copyContent('examples/village');
    board = await startBoardProcess(dir);
  });
  afterAll(async () => {
    await board.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the last deal of each hand in GET /api/state (a new tab still explains it), and the reload note lasts until the next action', async () => {
    await act(board, { action: 'deal', flow: 'main', hand: 'forest_path' });
    await act(board, { action: 'peek', flow: 'main', hand: 'square', ask: { npc: 'elder' } });
    await act(board, { action: 'deal', flow: 'other', hand: 'forest_path' });
    const before = await state(board);
    expect(before.traces.map((t) => t.handKey)).toEqual(['forest_path', 'square{npc=elder}']);

    const file = join(dir, 'village.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: A goblin in the woods', 'title: A goblin by the mill'));
    const after = await until(
      async () => {
        const s = await state(board);
        return s.content.hash !== before.content.hash ? s : undefined;
      },
      10_000,
      'the reloaded content',
    );
    expect(after.content.note).toBe('reloaded the content: kept flows main, other');
    // The same events, with the same numbers, that the open page already shows.
    expect(after.traces).toEqual(before.traces);
    expect((await state(board, 'other')).traces.map((t) => t.handKey)).toEqual(['forest_path']);

    // A new deal of a hand replaces its carried event; the other one stays.
    const dealt = await act(board, { action: 'deal', flow: 'main', hand: 'forest_path' });
    expect(dealt.status).toBe(200);
    const next = await state(board);
    expect(next.traces.map((t) => t.handKey)).toEqual(['square{npc=elder}', 'forest_path']);
    expect(next.traces[0]).toEqual(before.traces[1]);
    expect(next.traces[1]!.seq).toBeGreaterThan(before.traces[1]!.seq);
    // The note was news about the reload; after an action it is gone, in every flow.
    expect(next.content.note).toBeUndefined();
    expect((await state(board, 'other')).content.note).toBeUndefined();
  });
});

describe('Board on content that has never published', () => {
  it('starts, shows the diagnostics, and refuses actions with board/no-bundle', async () => {
    const board = await startBoardProcess('test/fixtures/cli/broken');
    try {
      const s = await state(board);
      expect(s.content.ok).toBe(false);
      expect(s.content.hash).toBeUndefined();
      expect(s.content.diagnostics.map((d) => d.number)).toEqual(['SW003', 'SE012', 'SE019']);
      expect(s.boxes).toEqual([]);
      const r = await act(board, { action: 'deal', flow: 'main', hand: 'path' });
      expect(r.body).toMatchObject({ ok: false, error: { code: 'board/no-bundle' } });
      expect(board.stderr()).toContain('test/fixtures/cli/broken/content.yaml:15:25  error SE012');
    } finally {
      await board.stop();
    }
  });
});

describe('Board on a port in use', () => {
  let taken: Server;
  let port = 0;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => taken.close(() => r())));

  it('says which port and exits 1', async () => {
    const r = await cli(['board', 'examples/village', '--port', String(port)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`port ${port} is in use`);
    expect(r.stderr).toContain('--port');
  });
});
