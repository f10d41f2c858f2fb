import type { z } from 'zod';
import { exampleOf } from './example-values.ts';
import type { JsonSchema } from './openapi-types.ts';

/** Enough rounds for every optional field of a body to be dropped once. */
const MAX_ROUNDS = 50;

const removeAt = (value: unknown, path: readonly PropertyKey[]): boolean => {
  if (path.length === 0 || value === null || typeof value !== 'object') return false;
  const [head, ...rest] = path;
  const container = value as Record<PropertyKey, unknown>;
  if (rest.length > 0) return removeAt(container[head as string], rest);
  if (!(head as string in container)) return false;
  if (Array.isArray(container)) container.splice(Number(head), 1);
  else delete container[head as string];
  return true;
};

type Issue = z.core.$ZodIssue;

/**
 * The issues to act on: a union's refusal stands for its branches' own, and the example was
 * generated from the first branch, so that branch's issues (under the union's path) are the ones.
 */
const actionableIssues = (issues: readonly Issue[]): { path: PropertyKey[] }[] =>
  issues.flatMap((issue) => {
    const branch = issue.code === 'invalid_union' ? issue.errors[0] : undefined;
    if (!branch || branch.length === 0) return [issue];
    return actionableIssues(branch).map((inner) => ({ path: [...issue.path, ...inner.path] }));
  });

/**
 * An example the registry's own zod schema accepts. JSON Schema cannot carry refinements (an
 * enum checked in code, a date that must be real), so a generated value can still be refused:
 * the fields the schema names in its refusal are dropped, round by round, while that helps.
 * `valid` is false when a required field could not be satisfied.
 */
export const validExample = (schema: z.ZodType, jsonSchema: JsonSchema): { example: unknown; valid: boolean } => {
  // A copy: the generator may hand back a schema's own default or const, which pruning must not touch.
  const example = structuredClone(exampleOf(jsonSchema));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(example);
    if (result.success) return { example, valid: true };
    const removed = actionableIssues(result.error.issues).map((issue) => removeAt(example, issue.path)).some(Boolean);
    if (!removed) break;
  }
  return { example, valid: false };
};
