import type { Message } from '../texts/message.js';

/**
 * A mistake the user can fix, carrying its text from the catalogue (src/texts/cli.ts): printed
 * as `error: <title>` with its message and hint, without a stack trace, and a non-zero exit.
 * Anything else that escapes a command is a bug and is reported as one.
 */
export class CliError extends Error {
  readonly text: Message;

  constructor(
    text: Message,
    readonly exitCode = 1,
  ) {
    super(text.title);
    this.name = 'CliError';
    this.text = text;
  }
}

/** The lines a CliError prints: `error: <title>`, then its message and hint when it has them. */
export function errorLines(text: Message): string[] {
  return [`error: ${text.title}`, ...(text.message ? [text.message] : []), ...(text.hint ? [text.hint] : [])];
}
