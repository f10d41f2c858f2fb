export * from './recording-code-source.ts';
export * from './recording-code-store.ts';
export * from './recording-code-match.ts';
export * from './recording-code-projection.ts';
export * from './recording-code-consumers.ts';
export * from './recording-code-operations.ts';
export * from './recording-code-first-build.ts';
export * from './recording-code-tables.ts';
