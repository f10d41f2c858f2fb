import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { buildOpenApiDocument } from '../src/app/openapi/openapi-document.ts';
import { SERVERS } from './support/documented-operations.ts';

/**
 * Warnings accepted, each for a reason outside the generator:
 * - info-license: the project declares no licence for the API description yet;
 * - no-ambiguous-paths: the registry's own royalties paths (`/royalties/statements/{id}` beside
 *   `/royalties/{uuid}/approve`), which the gateway tells apart by registry order.
 */
const ACCEPTED_WARNINGS = new Set(['info-license', 'no-ambiguous-paths']);

const describeProblem = (problem: NormalizedProblem): string => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`;

let problems: NormalizedProblem[];

beforeAll(async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const source = JSON.stringify(buildOpenApiDocument(SERVERS));
  problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
});

describe('the generated OpenAPI description under the recommended lint rules', () => {
  it('has no errors', () => {
    expect(problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('has no warnings beyond the accepted ones (examples agree with their schemas, every component is used, …)', () => {
    expect(problems.filter((problem) => problem.severity === 'warn' && !ACCEPTED_WARNINGS.has(problem.ruleId)).map(describeProblem)).toEqual([]);
  });
});
