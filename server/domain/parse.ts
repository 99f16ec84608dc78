/**
 * Input checked against a zod schema, in domain words: a failure is an 'invalid' refusal (400) whose message names
 * the field and the rule, taken from the schema's own message. Used by routes, rules and the frame router alike.
 */
import type { z } from 'zod';
import { invalid } from './errors.ts';

export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  // Our schemas start their messages with the field name; zod's defaults do not.
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}

/** A path segment, query, body or frame checked against `schema`; throws invalid(…) naming the field and the rule. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(zodMessage(result.error));
  return result.data;
}
