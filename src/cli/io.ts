/** Where a command prints; tests pass their own to read what was printed. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** True when stdout is a terminal (progress bars, prompts, colour). */
  isTTY: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export const processIo: CliIo = {
  out: (t) => void process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => void process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  isTTY: Boolean(process.stdout.isTTY),
  cwd: process.cwd(),
  env: process.env,
};
