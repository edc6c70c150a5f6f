import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  output(): string;
  /** resolves with the exit code (or signal) */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** The real server (src/server.ts through tsx) as a child process, as `npm start` runs it. */
export function runServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): { child: ChildProcess; output(): string; exited: Promise<number | string> } {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => output, exited };
}

export async function startServer(env: Record<string, string>, timeoutMs = 30_000, nodeArgs: string[] = []): Promise<ServerProcess> {
  const run = runServer(env, nodeArgs);
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
