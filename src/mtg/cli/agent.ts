/**
 * `mtg agent DECK [DECK] --agent-cmd "COMMAND"`: a game in a session folder whose agent seat(s)
 * ask an external program, one decision at a time, over the JSON-lines protocol of
 * src/mtg/agentplay/protocol.ts (docs/mtg/agents.md). Every choice, the agent's and the AI's, is
 * recorded as a menu number in its seat's choice file, so the folder's `reproduce.sh` rebuilds the
 * game with two fixed seats, and `mtg session continue` can take over by hand at any point.
 *
 * The folder is rewritten before every question to the agent: whatever goes wrong then (garbage,
 * a choice that is not on the menu, a timeout, the agent exiting), the session on disk is at that
 * decision, valid, and continuable by hand. `STOP` writes `bug-report.md`.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StoryletError } from '../../core/errors.js';
import { createController, paint, randomSeat, type SeatController } from '../controllers/index.js';
import { lazyView, type Seat } from '../engine/index.js';
import { AgentProcess } from '../agentplay/child.js';
import {
  LOG_TAIL,
  position,
  reproduceArgs,
  reproduceCommand,
  reproducerLog,
  startGame,
  stateText,
  writeFolder,
  type AgentMode,
  type Rebuilt,
  type SessionMeta,
} from '../agentplay/folder.js';
import { decisionMessage, endMessage, helloMessage, readAnswer, resolveChoice } from '../agentplay/protocol.js';
import { guard, parse, str, UsageError, whole, type CommandIO, type OptionTable } from './common.js';
import { GameLog } from './log.js';
import { resultLine, type Outcome, type Session } from './session.js';
import { createSession } from './sessions.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'a game whose seats ask an external program (JSON lines), with a reproducer and bug reports';

const MODES: readonly AgentMode[] = ['agent-vs-heuristic', 'agent-vs-random', 'agent-vs-agent', 'random-vs-random'];

const HELP = `usage: mtg agent DECK [DECK] --agent-cmd "COMMAND" [options]
       mtg agent --puzzle FILE.pzl --agent-cmd "COMMAND" [options]

Plays a game in a new session folder (as mtg session start does) whose agent seat(s) ask COMMAND,
a long-lived program that reads one JSON message a line on stdin and answers one a line on stdout
(protocol version 1, docs/mtg/agents.md): for each decision, the seat's view, the menu, the recent
log and the scenario; it answers a choice (a menu number or a command) or STOP with a bug
description, which writes bug-report.md. The session stays valid whatever the agent does; continue
it by hand with mtg session continue.

  --agent-cmd "COMMAND"       the agent (run with sh -c in the current folder)
  --mode MODE                 agent-vs-heuristic (default: the agent is p1), agent-vs-random,
                              agent-vs-agent (one process answers both seats), random-vs-random
  --mock                      the agent's seats choose at random (seeded), without COMMAND
  --scenario "TEXT"           what to reproduce or look for, sent with every decision
  --agent-timeout-ms N        how long to wait for each answer (default 60000)
  --max-turns N               stop once turn N is over
  --seed N, --deck-seed N, --p1-draw "a;b", --p2-draw "…", --puzzle FILE.pzl, --cards DIR
  --dir DIR                   where the session folder is made (default ./sessions)`;

const OPTIONS: OptionTable = {
  'agent-cmd': { type: 'string' },
  mode: { type: 'string' },
  mock: { type: 'boolean' },
  scenario: { type: 'string' },
  'agent-timeout-ms': { type: 'string' },
  'max-turns': { type: 'string' },
  seed: { type: 'string' },
  'deck-seed': { type: 'string' },
  'p1-draw': { type: 'string' },
  'p2-draw': { type: 'string' },
  puzzle: { type: 'string' },
  cards: { type: 'string' },
  dir: { type: 'string' },
};

/** How many log lines each decision message carries. */
const MESSAGE_LOG = 30;

/**
 * Runs `mtg agent <args>`: 0 the game ended, stopped by the turn limit or by the agent's STOP;
 * 1 the agent failed (the session is saved at the decision it failed); 2 bad usage.
 *
 * @example
 * ```ts
 * await run(['starter/red_green_aggro.dck', 'starter/white_blue_control.dck', '--agent-cmd', 'node examples/agents/simple-agent.mjs'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg agent', io, () => agent(args, io));
}

/** Who answers a seat. */
type Player = { kind: 'agent' } | { kind: 'mock'; seat: SeatController } | { kind: 'ai'; seat: SeatController };

async function agent(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const modeText = str(p, 'mode') ?? 'agent-vs-heuristic';
  if (!(MODES as readonly string[]).includes(modeText)) throw new UsageError(`--mode is one of ${MODES.join(', ')}, not ${JSON.stringify(modeText)}`);
  const mode = modeText as AgentMode;
  const mock = p.values['mock'] === true;
  const command = str(p, 'agent-cmd');
  if (command === undefined && !mock && mode !== 'random-vs-random')
    throw new UsageError('give the agent: --agent-cmd "node my-agent.mjs" (or --mock to play it at random)');
  const timeoutMs = whole(p, 'agent-timeout-ms', 60_000, 1);
  const maxTurns = str(p, 'max-turns') === undefined ? null : whole(p, 'max-turns', 0, 1);
  const scenario = str(p, 'scenario') ?? null;
  const dir = resolve(io.cwd, str(p, 'dir') ?? 'sessions');
  const { folder, meta, registry } = createSession(p.positionals, p.values, dir, io, mode, scenario, maxTurns);

  const agentSeats: Seat[] = mode === 'agent-vs-agent' ? [0, 1] : mode === 'random-vs-random' ? [] : [0];
  const players = ([0, 1] as const).map((s): Player => {
    if (agentSeats.includes(s)) return mock ? { kind: 'mock', seat: randomSeat(`${meta.seed}:mock:p${s + 1}`) } : { kind: 'agent' };
    const kind = mode === 'agent-vs-heuristic' ? 'heuristic' : 'random';
    return { kind: 'ai', seat: createController({ kind, seed: `${meta.seed}:p${s + 1}` }, { registry }) };
  }) as [Player, Player];

  const start = startGame(folder, meta, registry);
  const game = start.game;
  // The seats of the game as the folder records it: the reproducer's fixed seats.
  // (Not fixed: the folder writes a seat that is not a live fixed seat as its recorded choices.)
  const none: SeatController = { kind: 'zero', name: 'recorded', choose: () => 0, spec: () => ({ kind: 'zero' }) };
  const session: Session = {
    game,
    seats: [none, none],
    registry,
    cards: meta.cards,
    decks: start.decks,
    log: { verbosity: 2, tag: false },
    maxTurns: start.maxTurns,
  };
  const { log, lines } = reproducerLog(start.header(['fixed', 'fixed']));
  // What each agent seat may read of the log: written for its eyes (hidden cards unnamed).
  const seen: [string[], string[]] = [[], []];
  const seatLogs = ([0, 1] as const).map((s) => new GameLog({ verbosity: 2, tag: false, paint: paint(false), viewer: s, write: (l) => seen[s].push(l) }));
  const scripts: [string[], string[]] = [[], []];
  const rebuilt = (outcome: Outcome): Rebuilt => ({ session, outcome, log: lines });
  const playing: Outcome = { kind: 'stopped', why: 'waiting for the agent' };

  const child = players.some((x) => x.kind === 'agent') ? AgentProcess.start(command!, io.cwd) : null;
  if (child) child.send(JSON.stringify(helloMessage(agentSeats, mode, scenario)));
  io.stderr.write(`mtg agent: session ${meta.name} in ${folder} (${mode}${mock ? ', mock' : ''})\n`);
  let current = meta;
  try {
    for (;;) {
      log.flush(game);
      for (const l of seatLogs) l.flush(game);
      const point = game.pending();
      if (!point) {
        lines.push(resultLine(session));
        return await finish(rebuilt({ kind: 'over' }));
      }
      if (start.maxTurns !== null && game.state.turn > start.maxTurns)
        return await finish(rebuilt({ kind: 'limit', why: `the turn limit (${start.maxTurns}) was reached` }));
      const player = players[point.seat];
      const view = lazyView(game, point.seat);
      let index: number;
      if (player.kind === 'ai') index = player.seat.choose(view, point);
      else {
        const message = JSON.stringify(decisionMessage(game.view(point.seat), point, game.choices.length, seen[point.seat].slice(-MESSAGE_LOG), scenario));
        if (player.kind === 'mock') index = player.seat.choose(view, point);
        else {
          // The folder is at this decision before the agent is asked: whatever the agent does
          // next, the session on disk is valid and can be continued by hand from here.
          current = writeFolder(folder, meta, scripts, rebuilt(playing));
          const what = `decision ${game.choices.length} (p${point.seat + 1}, ${point.kind}, turn ${point.turn})`;
          const answer = readAnswer(await child!.ask(message, timeoutMs, what), game.choices.length);
          if (answer.type === 'stop') return await stopped(answer.bug, point.seat);
          index = resolveChoice(answer.choice, point);
        }
      }
      scripts[point.seat].push(String(index));
      game.choose(index);
    }
  } catch (error) {
    if (!(error instanceof StoryletError) || !error.code.startsWith('agent/')) throw error;
    await child?.close(200);
    const at = current.position;
    const seat = at?.deciding ?? 0;
    io.stderr.write(
      `mtg agent: ${error.code}: ${error.message}\n` +
        `mtg agent: session ${meta.name} is saved at that decision (${folder}); continue it by hand: mtg session continue --dir ${dir} --session ${meta.name} p${seat + 1} "NUMBER or COMMAND"\n`,
    );
    return 1;
  }

  async function finish(r: Rebuilt): Promise<number> {
    writeFolder(folder, meta, scripts, r);
    const at = position(r);
    if (child) {
      child.send(JSON.stringify(endMessage(at.ended ?? 'stopped')));
      await child.close();
    }
    io.stdout.write(`session ${meta.name}: ${at.ended ?? 'stopped'} · turn ${at.turn} · ${at.choices} choices · state ${at.hash}\n`);
    io.stdout.write(`reproduce with: ${join(folder, 'reproduce.sh')}\n`);
    return 0;
  }

  async function stopped(bug: string, seat: Seat): Promise<number> {
    const r = rebuilt(playing);
    const m: SessionMeta = writeFolder(folder, meta, scripts, r);
    const at = m.position!;
    const command = reproduceCommand(reproduceArgs(folder, meta, scripts, at.choices));
    const report = [
      `# Bug report: session ${meta.name}`,
      '',
      bug.trim(),
      '',
      '## Scenario',
      '',
      scenario ?? '(none given)',
      '',
      '## Where',
      '',
      `Decision ${at.choices + 1} (p${seat + 1} to decide), turn ${at.turn}, ${at.step}; state ${at.hash}.`,
      '',
      '## Reproducer',
      '',
      'Rebuilds the game from scratch and stops at this decision (its stderr names the same state hash):',
      '',
      '```sh',
      command,
      '```',
      '',
      '## State',
      '',
      '```',
      stateText(meta, r).trimEnd(),
      '```',
      '',
      `## Log (last ${LOG_TAIL} lines)`,
      '',
      '```',
      ...lines.slice(-LOG_TAIL),
      '```',
      '',
    ].join('\n');
    writeFileSync(join(folder, 'bug-report.md'), report);
    if (child) {
      child.send(JSON.stringify(endMessage('stopped by the agent')));
      await child.close();
    }
    io.stdout.write(`session ${meta.name}: the agent stopped at decision ${at.choices + 1}: bug report in ${join(folder, 'bug-report.md')}\n`);
    return 0;
  }
}
