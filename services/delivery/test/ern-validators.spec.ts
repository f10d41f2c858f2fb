import type { ErnValidator, ErnVersion } from '@sv/ddex';
import { lazyErnValidators } from '../src/app/queue/ern-validators.ts';

/** A stand-in for a compiled schema: records its compilation and its disposal. */
const fakeCompiler = () => {
  const compiled: ErnVersion[] = [];
  const disposed: ErnVersion[] = [];
  const compile = (version: ErnVersion): ErnValidator => {
    compiled.push(version);
    return { version, validate: () => ({ valid: true, errors: [], problems: [] }), dispose: () => void disposed.push(version) };
  };
  return { compile, compiled, disposed };
};

describe('the ERN validators', () => {
  it('compiles nothing until a version is asked for, then each version once', () => {
    const compiler = fakeCompiler();
    const validators = lazyErnValidators(compiler.compile);
    expect(compiler.compiled).toEqual([]);
    const first = validators.of('3.8.2');
    expect(validators.of('3.8.2')).toBe(first);
    expect(validators.of('4.3').version).toBe('4.3');
    expect(compiler.compiled).toEqual(['3.8.2', '4.3']);
  });

  it('disposes every validator it compiled, and compiles afresh when asked again', () => {
    const compiler = fakeCompiler();
    const validators = lazyErnValidators(compiler.compile);
    validators.of('4.2');
    validators.of('4.3');
    validators.dispose();
    expect(compiler.disposed).toEqual(['4.2', '4.3']);
    validators.of('4.2');
    expect(compiler.compiled).toEqual(['4.2', '4.3', '4.2']);
  });
});
