/**
 * A mistake the user can fix: printed as a short message (and a hint) without a stack trace, with a
 * non-zero exit. Anything else that escapes a command is a bug and is reported as one.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
