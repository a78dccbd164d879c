/**
 * The shape of one user-facing text, after Astro's errors-data.ts: a title that says what happened,
 * a message that says why or what follows, and a hint that says what to do next, where useful.
 * Type-only, so every audience file can share it without a runtime import.
 */
export interface Message {
  /** The headline: a toast's title, an alert's text, an error's first line. */
  title: string;
  /** The sentence under the title, when there is one. */
  message?: string;
  /** What to do next, when the title and message do not already say it. */
  hint?: string;
}
