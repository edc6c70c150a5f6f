import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from './config.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script> -- <args>` from the repository root, as an operator types
 * it, with only PATH, HOME and `env` in its environment.
 */
export function runNpmScript(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<ScriptRun> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: childEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
