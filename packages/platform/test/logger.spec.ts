import { Writable } from 'node:stream';
import { createLogger, withRequestId } from '../src/index.ts';

const capture = () => {
  const lines: Record<string, any>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', env: 'test', level: 'info', destination }) };
};

describe('logger', () => {
  it('redacts passwords, secrets, tokens, keys and authorization headers', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2',
        body: { password: 'hunter2', secret: 'svwhsec_x', name: 'kept' },
        headers: { authorization: 'Bearer svk_secret', accept: 'application/json' },
        user: { token: 'jwt', api_key: 'svk_abc', email: 'a@b.test' },
      },
      'login',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'svwhsec_x', 'svk_secret', 'svk_abc', '"jwt"']) expect(line).not.toContain(secret);
    expect(lines[0]?.body.name).toBe('kept');
    expect(lines[0]?.headers.accept).toBe('application/json');
    expect(lines[0]?.user.email).toBe('a@b.test');
  });

  it('carries the service, the env and the current request id on every line', () => {
    const { lines, logger } = capture();
    withRequestId('req-123', () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({ service: 'test', env: 'test', request_id: 'req-123', msg: 'inside' });
    expect(lines[1]?.request_id).toBeUndefined();
  });
});
