/**
 * The address of a gateway request: the environment's base and the target joined. A URL parser
 * resolves dot segments, so it is checked that the parsed path is exactly the one written: a
 * target the parser would rewrite (a request meant for a sub-resource landing on its parent) is
 * never sent. Path arguments are checked before this; this is the last line, not the first.
 */
export const gatewayUrl = (base: string, target: string): URL => {
  const url = new URL(`${base}${target}`);
  const path = target.split(/[?#]/, 1)[0] ?? '';
  const expected = `${new URL(base).pathname.replace(/\/$/, '')}${path}`;
  if (url.pathname !== expected) throw new Error(`Refusing a gateway request whose path the URL parser rewrote: ${expected} became ${url.pathname}`);
  return url;
};
