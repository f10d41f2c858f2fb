import { apiRequest, startPlatform, type TestPlatform } from '@sv/testing';
import type { AnyRouteDefinition, SuccessStatus } from '@sv/contracts';
import { buildOpenApiDocument } from '../src/app/openapi/openapi-document.ts';
import type { Operation, Parameter, RequestBody } from '../src/app/openapi/openapi-types.ts';
import { SERVERS, concretePath, documentedOperations, routeServing, type DocumentedOperation } from './support/documented-operations.ts';

/*
 * The description against the running platform, through the gateway with an owner's API key.
 * First each documented JSON write without path parameters is sent with its example body, then
 * each read without path parameters with its example query values (so the lists hold what the
 * writes created). Every answer must be a status the description lists for that operation, with
 * the documented headers; a success body must satisfy the registry's response schema (the very
 * schema the description was generated from).
 */

const document = buildOpenApiDocument(SERVERS);
const withoutPathParameters = documentedOperations(document).filter(({ path }) => !path.includes('{'));
const reads = withoutPathParameters.filter(({ method }) => method === 'GET');
const writes = withoutPathParameters.filter(({ method, operation }) => method !== 'GET' && exampleBody(operation) !== undefined);

/**
 * Answers that depart from the description today, each to be fixed where it arises (and then
 * removed here: the test fails while an entry no longer departs).
 */
const KNOWN_DEPARTURES: Record<string, string> = {};

/** Writes whose example stands on its own (it names no other record), so it must be accepted as it is. */
const SELF_CONTAINED_WRITES = ['POST /tenants/clients', 'PUT /tenants/domain', 'POST /artists', 'POST /writers', 'POST /publishers', 'POST /webhooks'];

let platform: TestPlatform;
let key: string;

beforeAll(async () => {
  platform = await startPlatform({ supplyChain: true, webhooks: true, delivery: true, ingestion: true, royalties: true, analytics: true });
  await platform.adminOk('tenant', 'create', '--slug', 'docs-contract', '--name', 'Docs Contract Records');
  key = String((await platform.adminOk('key', 'create', '--tenant', 'docs-contract', '--role', 'owner')).key);
}, 240_000);

afterAll(async () => {
  await platform?.stop();
}, 180_000);

function exampleBody(operation: Operation): unknown {
  return (operation.requestBody as RequestBody | undefined)?.content['application/json']?.example;
}

/** The query a reader of the description would send: every parameter that shows an example. */
const documentedQuery = (operation: Operation): string => {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters as Parameter[]) {
    if (parameter.in === 'query' && parameter.example !== undefined) query.set(parameter.name, String(parameter.example));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

const ALWAYS_SENT = ['x-api-version', 'x-service-api-revision', 'x-request-id'];
const COUNTED = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** Sends the documented request and lists every way the answer departs from the description. */
const replay = async ({ method, path, operation }: DocumentedOperation) => {
  const route = routeServing(method, concretePath(path)) as AnyRouteDefinition;
  const body = exampleBody(operation);
  const response = await apiRequest(platform.baseUrl, `/v1${path}${documentedQuery(operation)}`, { method, key, ...(body === undefined ? {} : { body }) });
  const problems: string[] = [];
  if (!(String(response.status) in operation.responses)) problems.push(`answered ${response.status}, which is not documented: ${response.text.slice(0, 200)}`);
  for (const header of [...ALWAYS_SENT, ...(route.rate === null ? [] : COUNTED)]) {
    if (!response.headers.has(header)) problems.push(`no ${header} header`);
  }
  const success = route.responses[response.status as SuccessStatus];
  if (success?.body) {
    const parsed = success.body.safeParse(response.body);
    if (!parsed.success) problems.push(`body does not match its schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  }
  return { route, status: response.status, problems };
};

describe('the documented writes against the running gateway', () => {
  const accepted: string[] = [];

  it.each(writes.map((write) => [`${write.method} ${write.path}`, write] as const))('%s with its example body answers as documented', async (name, write) => {
    const { status, problems } = await replay(write);
    if (KNOWN_DEPARTURES[name]) expect(problems).not.toEqual([]);
    else expect(problems).toEqual([]);
    if (status < 300) accepted.push(name);
  });

  it('accepts every example that names no other record', () => {
    expect(accepted).toEqual(expect.arrayContaining(SELF_CONTAINED_WRITES));
  });
});

describe('the documented reads against the running gateway', () => {
  it('covers the reads without path parameters of every service', () => {
    expect(reads.length).toBeGreaterThan(20);
  });

  it.each(reads.map((read) => [read.path, read] as const))('GET %s answers as documented', async (_path, read) => {
    const { route, status, problems } = await replay(read);
    expect(problems).toEqual([]);
    expect([route.path, status]).toEqual([route.path, 200]);
  });
});
