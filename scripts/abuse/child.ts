// A helper process of an attack, so that the attacker's busy event loop does not slow the clocks of
// those it measures: node with `args`, from the project root, printing one JSON line when done.
import { spawn } from 'node:child_process';
import { ROOT } from './launch';

export function runForJson<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`${args.at(-2) ?? 'the helper'} exited ${code} without figures`));
      }
    });
  });
}
