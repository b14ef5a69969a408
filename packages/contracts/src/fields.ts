import { z } from './zod';

/** A string field whose absence (or wrong type) reads `message`, not zod's default text. */
export function text(message: string) {
  return z.string({ error: message });
}
