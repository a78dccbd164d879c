import { createInterface } from 'node:readline/promises';
import type { InitField } from './field-list.js';
import { checkField } from './fields.js';

/** Thrown when the user ends the prompts (Ctrl+C, Ctrl+D): nothing is written. */
export class PromptCancelled extends Error {}

/**
 * Asks for each field in turn on a terminal, re-asking until the answer passes the field's rule
 * and saying what is wrong with it. Streams are parameters so tests can drive it.
 */
export async function askFields(
  fields: InitField[],
  streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; terminal?: boolean },
): Promise<Record<string, string>> {
  const rl = createInterface({ input: streams.input, output: streams.output, terminal: streams.terminal ?? false });
  const stop = new AbortController();
  // Ctrl+C or end of input: stop asking instead of hanging on a question nobody will answer.
  rl.on('SIGINT', () => stop.abort());
  rl.on('close', () => stop.abort());
  const answers: Record<string, string> = {};
  try {
    for (const field of fields) {
      for (;;) {
        const raw = await rl.question(`${field.prompt} (e.g. ${field.example}): `, { signal: stop.signal });
        const r = checkField(field, raw);
        if (r.ok) {
          answers[field.key] = r.value;
          break;
        }
        streams.output.write(`  ${r.error}\n`);
      }
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw new PromptCancelled('cancelled');
    throw err;
  } finally {
    rl.close();
  }
  return answers;
}
