/**
 * The agent's process: a long-lived child started with `sh -c COMMAND`, written one JSON line per
 * message on its stdin and read one line per answer from its stdout, in order. Its stderr is kept
 * (the last few kilobytes) for error messages. The only clock is the answer timeout, here in the
 * tool, never in the engine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { StoryletError } from '../../core/errors.js';

const STDERR_KEPT = 4000;

/**
 * A running agent. {@link AgentProcess.ask} sends a message and waits for one line.
 *
 * @example
 * ```ts
 * const agent = AgentProcess.start('node examples/agents/simple-agent.mjs', process.cwd());
 * const line = await agent.ask(JSON.stringify(message), 60_000);
 * await agent.close();
 * ```
 */
export class AgentProcess {
  private readonly lines: string[] = [];
  private waiting: (() => void) | null = null;
  private exit: { code: number | null; signal: string | null } | null = null;
  private spawnError: Error | null = null;
  private stderrText = '';

  private constructor(
    readonly command: string,
    private readonly child: ChildProcess,
  ) {
    const wake = (): void => {
      const w = this.waiting;
      this.waiting = null;
      w?.();
    };
    createInterface({ input: child.stdout! }).on('line', (line) => {
      this.lines.push(line);
      wake();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrText = (this.stderrText + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('error', (error) => {
      this.spawnError = error;
      wake();
    });
    // 'close' comes after stdout has ended, so every line the agent wrote has been read.
    child.on('close', (code, signal) => {
      this.exit = { code, signal };
      wake();
    });
    // A write to an agent that has exited fails with EPIPE; the exit is reported instead.
    child.stdin!.on('error', () => undefined);
  }

  /** Starts `command` in a shell, in its own process group (so a timeout stops all of it). */
  static start(command: string, cwd: string): AgentProcess {
    const child = spawn(command, { cwd, shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    return new AgentProcess(command, child);
  }

  /** What the agent wrote on stderr lately, for messages. */
  stderrTail(): string {
    return this.stderrText.trim().split('\n').slice(-5).join(' | ');
  }

  /** Sends one message line without waiting (the hello and the end). */
  send(line: string): void {
    if (this.exit === null && this.child.stdin!.writable) this.child.stdin!.write(`${line}\n`);
  }

  /**
   * Sends `line` and waits up to `timeoutMs` for the answer line.
   *
   * @throws StoryletError `agent/timeout`, or `agent/exited` when the agent ends (or cannot start) without answering.
   */
  async ask(line: string, timeoutMs: number, what: string): Promise<string> {
    this.send(line);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const next = this.lines.shift();
      if (next !== undefined) return next;
      if (this.spawnError)
        throw new StoryletError('agent/exited', `the agent could not be started (${this.command}): ${this.spawnError.message}`, { command: this.command });
      if (this.exit) {
        const how = this.exit.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`;
        const err = this.stderrTail();
        throw new StoryletError('agent/exited', `the agent ${how} before answering ${what}${err ? ` (its stderr: ${err})` : ''}`, {
          command: this.command,
          ...this.exit,
        });
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new StoryletError('agent/timeout', `the agent did not answer ${what} within ${timeoutMs} ms (--agent-timeout-ms)`, {
          command: this.command,
          timeoutMs,
        });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.waiting = null;
          resolve();
        }, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Closes the agent's stdin and waits a moment for it to exit; then stops its process group. */
  async close(graceMs = 2000): Promise<void> {
    if (this.exit === null) this.child.stdin!.end();
    const deadline = Date.now() + graceMs;
    while (this.exit === null && this.spawnError === null && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (this.exit === null && this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // It exited meanwhile.
      }
    }
  }
}
