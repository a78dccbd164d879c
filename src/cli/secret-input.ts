import { createInterface } from 'node:readline';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

/**
 * A password from the person at the shell: the first line of standard input with `fromStdin`
 * (scripts: `printf '%s\n' "$PW" | clinic-gen users add ... --password-stdin`), else asked for on
 * the terminal without echo. Never from a flag: flags end up in shell history and `ps`.
 */
export async function readSecret(io: CliIo, prompt: string, fromStdin: boolean | undefined): Promise<string> {
  if (fromStdin) {
    let text = '';
    for await (const chunk of process.stdin) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    const line = text.split(/\r?\n/)[0] ?? '';
    if (!line) throw new CliError({ title: 'password: standard input was empty; send the password on its first line' });
    return line;
  }
  if (!process.stdin.isTTY) throw new CliError({ title: 'password: no terminal to ask on; send it on standard input with --password-stdin' });
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing of what is typed: the prompt is written once, keystrokes are not.
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
  let prompted = false;
  out._writeToOutput = (s: string) => {
    if (!prompted) {
      out.output.write(s);
      prompted = true;
    }
  };
  try {
    const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
    io.err('');
    return answer;
  } finally {
    rl.close();
  }
}
