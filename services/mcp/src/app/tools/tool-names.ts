import type { AnyRouteDefinition } from '@sv/contracts';

/*
 * Tool names, derived from method, path and operation alone (spec, MCP server): reads are
 * list_/get_, writes create_/update_/set_/delete_, workflow actions are named by their verb
 * (submit_releases, deliver_releases_ddex), file uploads upload_. The rest of a name is the
 * path's literal segments in order, hyphens as underscores.
 */

/** First words of a last path segment that make a POST a workflow action rather than a create. */
const ACTION_WORDS: ReadonlySet<string> = new Set([
  'approve',
  'deliver',
  'forgot',
  'ingest',
  'login',
  'logout',
  'pay',
  'presign',
  'purge',
  'redeliver',
  'refresh',
  'regenerate',
  'reject',
  'resend',
  'reset',
  'revoke',
  'submit',
  'test',
  'verify',
]);

const snake = (segment: string): string => segment.replace(/-/g, '_');

interface PathShape {
  /** Literal segments, in order, hyphens as underscores. */
  literals: string[];
  /** The parameter the path ends in, when it ends in one. */
  trailingParam: string | undefined;
}

const shapeOf = (path: string): PathShape => {
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  return {
    literals: segments.filter((segment) => !segment.startsWith(':')).map(snake),
    trailingParam: last.startsWith(':') ? last.slice(1) : undefined,
  };
};

/** The words of an operation's action: `tenants.clients_list` → ['clients', 'list']. */
const actionWords = (operation: string): string[] => (operation.split('.').at(-1) ?? '').split('_');

/**
 * A read lists when the registry says it pages, its operation says list, or it ends in a plural
 * collection (`/supply-chain/dsps`); it gets one thing when its operation says get or it ends in
 * a parameter (`/releases/:uuid`), or names a single document (`/delivery-plan`).
 */
const readVerb = (route: AnyRouteDefinition, shape: PathShape): 'list' | 'get' => {
  const words = actionWords(route.operation);
  if (words.includes('get')) return 'get';
  if (route.paginated || words.includes('list')) return 'list';
  if (shape.trailingParam) return 'get';
  return /[^s]s$/.test(shape.literals.at(-1) ?? '') ? 'list' : 'get';
};

const join = (verb: string, literals: string[]): string => [verb, ...literals].join('_');

/**
 * The workflow verb of a POST that acts on something (`submit`, `regenerate_secret`), or
 * undefined for a create or an upload.
 */
export const actionOf = (route: AnyRouteDefinition): string | undefined => {
  if (route.method !== 'POST' || route.upload) return undefined;
  const last = shapeOf(route.path).literals.at(-1) ?? '';
  return ACTION_WORDS.has(last.split('_')[0] ?? '') ? last : undefined;
};

/** The name a route's tool gets before name clashes are settled. */
export const baseToolName = (route: AnyRouteDefinition): string => {
  const shape = shapeOf(route.path);
  const { literals } = shape;
  switch (route.method) {
    case 'GET':
      return join(readVerb(route, shape), literals);
    case 'DELETE':
      return join('delete', literals);
    case 'PUT':
      return join('set', literals);
    case 'PATCH':
      return join('update', literals);
    case 'POST': {
      if (route.upload) return join('upload', literals.filter((literal) => literal !== 'upload'));
      const action = actionOf(route);
      return action ? join(action, literals.slice(0, -1)) : join('create', literals);
    }
  }
};

/**
 * Every route's tool name, unique, in the routes' order: when routes share a base name, the ones
 * ending in a parameter are told apart by it (`deliver_releases_ddex` for all stores,
 * `deliver_releases_ddex_by_slug` for one). A clash left after that is a registry change this
 * rule does not cover: it throws, so the server never starts with two tools of one name.
 */
export const toolNamesOf = (routes: readonly AnyRouteDefinition[]): string[] => {
  const bases = routes.map(baseToolName);
  const sharing = (base: string): number => bases.filter((other) => other === base).length;
  const taken = new Set<string>();
  return routes.map((route, index) => {
    const base = bases[index] ?? '';
    const param = shapeOf(route.path).trailingParam;
    const name = sharing(base) > 1 && param ? `${base}_by_${snake(param)}` : base;
    if (taken.has(name)) throw new Error(`Two tools would be named ${name} (${route.method} ${route.path})`);
    taken.add(name);
    return name;
  });
};
