import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from './config.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const sourceEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
/** What `npm start` runs, after `npm run build`. */
export const builtEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface RunOptions {
  /** node flags before the entry (e.g. --max-old-space-size) */
  nodeArgs?: string[];
  /** run dist/server.js as `npm start` does, instead of the sources through tsx */
  built?: boolean;
  /** another node binary (a Node version under test) */
  node?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  output(): string;
  /** resolves with the exit code (or signal) */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** The real server as a child process: src/server.ts through tsx, or the build exactly as `npm start` runs it. */
export function runServer(
  env: Record<string, string>,
  options: RunOptions = {},
): { child: ChildProcess; output(): string; exited: Promise<number | string> } {
  const entry = options.built ? [builtEntry] : ['--import', 'tsx', sourceEntry];
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: repoRoot,
    env: childEnvironment({ LOG_LEVEL: 'warn', PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => output, exited };
}

export async function startServer(env: Record<string, string>, timeoutMs = 30_000, options: RunOptions = {}): Promise<ServerProcess> {
  const run = runServer(env, options);
  const started = Date.now();
  for (;;) {
    const match = /running at (http:\/\/[^\s]+)/.exec(run.output());
    if (match?.[1]) {
      const url = match[1];
      return {
        ...run,
        url,
        stop: async (signal = 'SIGTERM') => {
          if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill(signal);
          return run.exited;
        },
      };
    }
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() - started > timeoutMs) {
      run.child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
