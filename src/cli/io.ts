/** Where a command prints; tests pass their own to read what was printed. */
export interface CliIo {
  /** A line to stdout (a newline is added when missing). */
  out: (text: string) => void;
  /** A line to stderr (a newline is added when missing). */
  err: (text: string) => void;
  /** Text to stdout exactly as given: a progress bar redraws its line with `\r`. */
  write: (text: string) => void;
  /** True when stdout is a terminal (progress bars, prompts, colour). */
  isTTY: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

let real: CliIo | undefined;

/**
 * The process's own stdout and stderr. When the reader of a pipe goes away (`clinic-gen --help |
 * head -1`), the next write fails with EPIPE, emitted as an 'error' event that would crash the
 * process with a stack trace. Nobody is left to read, so output to that stream is dropped from
 * then on and the command finishes its work (a build still completes) with its usual exit code.
 */
export function processIo(): CliIo {
  if (real) return real;
  const out = quietOnError(process.stdout);
  const err = quietOnError(process.stderr);
  real = {
    out: (t) => out(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => err(t.endsWith('\n') ? t : `${t}\n`),
    write: out,
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
  return real;
}

/**
 * A writer to `stream` that stops writing once the stream fails. EPIPE is the common case; any
 * other error on stdout or stderr (EBADF, a closed terminal) leaves nowhere to report it either.
 */
function quietOnError(stream: NodeJS.WriteStream): (text: string) => void {
  let broken = false;
  stream.on('error', () => void (broken = true));
  return (text) => {
    if (broken || stream.destroyed) return;
    try {
      stream.write(text);
    } catch {
      broken = true; // a synchronous write to a closed descriptor throws instead of emitting
    }
  };
}
