// Test tiers, by file name: `*.spec.ts` unit, `*.medium.spec.ts` against real Postgres and
// NATS, `*.e2e.spec.ts` through the gateway's HTTP. All run under `npm test`.
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' }, sourceMaps: 'inline' },
];

const project = (name, root) => ({
  displayName: name,
  rootDir: root,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 60_000,
});

export default {
  // Integration tests talk to real processes; on a busy two-core machine 5 s is too tight a default,
  // and an afterAll that stops a platform (SIGTERM, up to 10 s grace each, the database dropped)
  // has been seen to pass 30 s there.
  testTimeout: 60_000,
  // A worker keeps every ES module graph it has linked (one per test file, under vm modules) for its
  // whole life; over the full suite one worker has been seen to pass V8's 4 GB heap and crash. A worker
  // whose heap is over this after a file is replaced before it takes the next.
  workerIdleMemoryLimit: '1GB',
  projects: [
    project('contracts', '<rootDir>/packages/contracts'),
    project('platform', '<rootDir>/packages/platform'),
    project('ddex', '<rootDir>/packages/ddex'),
    project('reports', '<rootDir>/packages/reports'),
    project('gateway', '<rootDir>/services/gateway'),
    project('catalogue', '<rootDir>/services/catalogue'),
    project('supply-chain', '<rootDir>/services/supply-chain'),
    project('webhooks', '<rootDir>/services/webhooks'),
    project('delivery', '<rootDir>/services/delivery'),
    project('ingestion', '<rootDir>/services/ingestion'),
    project('royalties', '<rootDir>/services/royalties'),
    project('analytics', '<rootDir>/services/analytics'),
    project('docs', '<rootDir>/services/docs'),
    project('mcp', '<rootDir>/services/mcp'),
    project('dev', '<rootDir>/tools/dev'),
  ],
};
