// mnemo/contract-routes: a service registers only the calls the contracts' route table gives it.
//
// packages/contracts/src/routes.ts is the one list of Mnemo's public calls: the gateway routes by it,
// OpenAPI and the web client are typed by it. A route a service registers that the table does not
// list is reachable through the gateway (it forwards whole prefixes) but documented nowhere, and a
// route listed for another service is never reached at all. This rule reports both, in the service
// route files (apps/{auth,deck,chat,billing}/src/modules/**/*.routes.ts).
//
// Internal routes (a path under /internal/: service-to-service calls, signed with the internal
// secret; the gateway forwards no /internal prefix) are checked against the contracts' internal
// table (packages/contracts/src/internal/routes.ts) instead, by service, method and path.
//
// Exempt, by rule rather than by list:
// - an internal route whose path is a constant imported from @mnemo/contracts/internal/* (where the
//   internal calls' paths and schemas live);
// - health routes: /healthz, /readyz, /metrics (service-kit registers them; never in the table).
// A path the rule cannot read (not a string, nor a constant of the file, nor an internal import) is
// reported: write it as a string so it can be checked.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parser } from 'typescript-eslint';

const DEFAULT_CONTRACTS = fileURLToPath(new URL('../../../packages/contracts/src/routes.ts', import.meta.url));
const DEFAULT_INTERNAL = fileURLToPath(new URL('../../../packages/contracts/src/internal/routes.ts', import.meta.url));
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'all']);
const HEALTH_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const INTERNAL_IMPORT = /^@mnemo\/contracts\/internal\//;

/** @typedef {{ method: string, path: string, service: string }} Call */

/** @type {Map<string, Call[]>} */
const tables = new Map();

/**
 * The calls of a contracts route file: every object literal with string `method`, `path` and
 * `service` properties (the entries of its TABLE), read with the TypeScript parser, not imported:
 * lint needs no build.
 * @param {string} file
 * @returns {Call[]}
 */
export function readContractCalls(file) {
  const cached = tables.get(file);
  if (cached) return cached;
  const { ast } = parser.parseForESLint(readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module' });
  /** @type {Call[]} */
  const calls = [];
  /** @param {any} node */
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ObjectExpression') {
      /** @type {Record<string, string>} */
      const fields = {};
      for (const p of node.properties) {
        if (p.type === 'Property' && p.key.type === 'Identifier' && p.value.type === 'Literal' && typeof p.value.value === 'string') {
          fields[p.key.name] = p.value.value;
        }
      }
      if (fields.method && fields.path && fields.service) calls.push({ method: fields.method, path: fields.path, service: fields.service });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  if (calls.length === 0) throw new Error(`mnemo/contract-routes: no route found in ${file}`);
  tables.set(file, calls);
  return calls;
}

/** @param {string} filename */
const serviceOf = (filename) => /[\\/]apps[\\/](auth|deck|chat|billing)[\\/]src[\\/]/.exec(filename)?.[1];

/**
 * @typedef {{ node: any, methods: string[], path: string | undefined, pathNode: any, routeOptions: any }} RouteCall
 * `path` is the route's path, 'internal' for a path constant imported from @mnemo/contracts/internal/*,
 * or undefined when it cannot be read; `routeOptions` is the object that holds the route's `schema`
 * (the options argument of `app.get(path, options, handler)`, or `app.route`'s object), if any.
 */

/**
 * The ESLint visitor that finds route registrations in a service's route file (`app.get(...)`,
 * `app.route({...})`, any instance once the first argument is a path) and hands each to `onRoute`.
 * Shared by mnemo/contract-routes and mnemo/contract-schemas so both read a route the same way.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {(route: RouteCall) => void} onRoute
 */
function routeVisitor(context, onRoute) {
  const sourceCode = context.sourceCode;

  /**
   * The path a route argument names, 'internal' for a constant of @mnemo/contracts/internal/*,
   * or undefined when it cannot be read.
   * @param {any} node
   * @returns {string | undefined}
   */
  const pathOf = (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
    if (node.type !== 'Identifier') return undefined;
    let scope = sourceCode.getScope(node);
    while (scope) {
      const variable = scope.set.get(node.name);
      if (variable) {
        const def = variable.defs[0];
        if (def?.type === 'ImportBinding' && INTERNAL_IMPORT.test(def.parent.source.value)) return 'internal';
        if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.init) return pathOf(def.node.init);
        return undefined;
      }
      scope = scope.upper;
    }
    return undefined;
  };

  return {
    /** @param {any} node */
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
      if (callee.object.type !== 'Identifier') return;
      const name = callee.property.name;
      const [first] = node.arguments;
      if (name === 'route') {
        if (first?.type !== 'ObjectExpression') return;
        const url = propertyOf(first, 'url') ?? propertyOf(first, 'path');
        const method = propertyOf(first, 'method');
        const methods = (method?.type === 'ArrayExpression' ? method.elements : [method])
          .map((m) => (m?.type === 'Literal' && typeof m.value === 'string' ? m.value.toUpperCase() : undefined));
        if (methods.some((m) => m === undefined)) return context.report({ node, messageId: 'unreadable' });
        return onRoute({ node, methods: /** @type {string[]} */ (methods), path: url ? pathOf(url) : undefined, pathNode: url, routeOptions: first });
      }
      if (!ROUTE_METHODS.has(name) || !first) return;
      // `storage.get(key)`, `map.delete(id)`: only a call whose first argument is a path, or any
      // such call on `app` (every routes plugin's instance), is a route.
      const literalPath = pathOf(first);
      const looksLikeRoute = typeof literalPath === 'string' && literalPath.startsWith('/');
      if (!looksLikeRoute && callee.object.name !== 'app') return;
      // app.get(path, handler) has no options; app.get(path, options, handler) has them second.
      const routeOptions = node.arguments.length >= 3 ? node.arguments[1] : undefined;
      onRoute({ node, methods: [name.toUpperCase()], path: literalPath, pathNode: first, routeOptions });
    },
  };
}

/**
 * The value of a plain (not computed) property of an object literal.
 * @param {any} object
 * @param {string} key
 */
const propertyOf = (object, key) =>
  object.properties.find((/** @type {any} */ p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === key)?.value;

/** @type {import('eslint').Rule.RuleModule} */
export const contractRoutes = {
  meta: {
    type: 'problem',
    docs: { description: 'A service registers only the calls the contracts route table gives it (internal and health routes exempt).' },
    schema: [
      {
        type: 'object',
        properties: {
          contracts: { type: 'string' },
          internalContracts: { type: 'string' },
          internalRoutes: {
            type: 'array',
            items: {
              type: 'object',
              properties: { method: { type: 'string' }, path: { type: 'string' }, service: { type: 'string' } },
              required: ['method', 'path', 'service'],
            },
          },
          routes: {
            type: 'array',
            items: {
              type: 'object',
              properties: { method: { type: 'string' }, path: { type: 'string' }, service: { type: 'string' } },
              required: ['method', 'path', 'service'],
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      missing:
        '{{method}} {{path}} is not in the contracts route table (packages/contracts/src/routes.ts): add it there (the gateway routes by it), or make it an internal route under /internal/.',
      missingInternal:
        '{{method}} {{path}} is not in the contracts\' internal table for the {{service}} service (packages/contracts/src/internal/routes.ts): add it there with its schemas.',
      otherService: '{{method}} {{path}} belongs to the {{owner}} service in the contracts route table, not {{service}}: the gateway never sends it here.',
      anyMethod: 'app.all({{path}}) answers every method: register each method the contracts list instead.',
      unreadable: 'Write the route path as a string (or import an internal path from @mnemo/contracts/internal/*) so it can be checked against the contracts.',
    },
  },
  create(context) {
    const service = serviceOf(context.filename);
    if (!service) return {};
    const options = context.options[0] ?? {};
    const calls = options.routes ?? readContractCalls(options.contracts ?? DEFAULT_CONTRACTS);
    const owners = new Map(calls.map((c) => [`${c.method} ${c.path}`, c.service]));
    const internalCalls = options.internalRoutes ?? readContractCalls(options.internalContracts ?? DEFAULT_INTERNAL);
    const internal = new Set(internalCalls.map((c) => `${c.service} ${c.method} ${c.path}`));

    return routeVisitor(context, ({ node, methods, path }) => {
      if (path === undefined) return context.report({ node, messageId: 'unreadable' });
      if (path === 'internal' || HEALTH_PATHS.has(path)) return;
      if (path.startsWith('/internal/')) {
        for (const method of methods) {
          if (method === 'ALL') return context.report({ node, messageId: 'anyMethod', data: { path } });
          if (!internal.has(`${service} ${method} ${path}`)) context.report({ node, messageId: 'missingInternal', data: { method, path, service } });
        }
        return;
      }
      for (const method of methods) {
        if (method === 'ALL') return context.report({ node, messageId: 'anyMethod', data: { path } });
        const owner = owners.get(`${method} ${path}`);
        if (!owner) context.report({ node, messageId: 'missing', data: { method, path } });
        else if (owner !== service) context.report({ node, messageId: 'otherService', data: { method, path, owner, service } });
      }
    });
  },
};

// mnemo/contract-schemas: every service route takes its Fastify schema from the contracts, for the
// call it registers.
//
// The route table gives each call its request and answer schemas; `contractSchema('GET /decks/:id')`
// (service-kit) turns them into the route's Fastify schema, so the request is validated with the
// schemas the web client is typed with and the answer is serialized through the contract (fields it
// does not name are left out; an answer that breaks it is a 500, not a silent drift). A route with
// no schema, a hand-written one, or one naming another call (copied from the route above) would
// drift without a type error: the types only see that the key exists. Accepted:
// - `schema: contractSchema('<METHOD> <path>')` naming this route's method and path, or a constant
//   holding it, or an object spreading it and overriding parts (the common-password check);
// - `schema: { response: contractResponse('<METHOD> <path>') }` (a route reading its raw body: the
//   signed payment webhook);
// - internal routes: `internalContractSchema('<service> <METHOD> <path>')` naming this service (for a
//   path constant imported from @mnemo/contracts/internal/*, the service and method are checked);
// - health routes (/healthz, /readyz, /metrics) are exempt.
// Paths the rule cannot read are left to mnemo/contract-routes, which reports them.
const SCHEMA_CALLS = new Set(['contractSchema', 'contractResponse', 'internalContractSchema']);

/** @type {import('eslint').Rule.RuleModule} */
export const contractSchemas = {
  meta: {
    type: 'problem',
    docs: { description: 'A service route takes its request and answer schemas from the contracts, for its own call.' },
    schema: [],
    messages: {
      noSchema:
        "{{call}} has no schema from the contracts: register it with `{ schema: contractSchema('{{call}}') }` (service-kit), so its request is validated and its answer serialized with the contract's schemas.",
      otherCall: "{{call}} registers the schema of {{named}}: name the route's own call.",
      internalSchema: "{{call}} is an internal call: take its schema with internalContractSchema('{{service}} {{call}}').",
      publicSchema: '{{call}} is a public call: take its schema with contractSchema or contractResponse, not internalContractSchema.',
    },
  },
  create(context) {
    const service = serviceOf(context.filename);
    if (!service) return {};
    const sourceCode = context.sourceCode;

    /**
     * A `const` identifier's initial value, followed through other constants; anything else as is.
     * @param {any} node
     * @returns {any}
     */
    const resolve = (node) => {
      if (node?.type !== 'Identifier') return node;
      let scope = sourceCode.getScope(node);
      while (scope) {
        const variable = scope.set.get(node.name);
        if (variable) {
          const def = variable.defs[0];
          return def?.type === 'Variable' && def.parent.kind === 'const' && def.node.init ? resolve(def.node.init) : node;
        }
        scope = scope.upper;
      }
      return node;
    };

    /**
     * The contracts call a schema value names: `{ fn, key }` for `contractSchema('KEY')` and its
     * kin, directly, through a constant, spread into an object, or as the object's `response`.
     * @param {any} value
     * @returns {{ fn: string, key: string } | undefined}
     */
    const namedCall = (value) => {
      const node = resolve(value);
      if (node?.type === 'CallExpression' && node.callee.type === 'Identifier' && SCHEMA_CALLS.has(node.callee.name)) {
        const [arg] = node.arguments;
        if (arg?.type === 'Literal' && typeof arg.value === 'string') return { fn: node.callee.name, key: arg.value };
        return undefined;
      }
      if (node?.type !== 'ObjectExpression') return undefined;
      for (const p of node.properties) {
        if (p.type === 'SpreadElement') {
          const spread = namedCall(p.argument);
          if (spread && spread.fn !== 'contractResponse') return spread;
        }
      }
      const response = propertyOf(node, 'response');
      const named = response ? namedCall(response) : undefined;
      return named?.fn === 'contractResponse' ? named : undefined;
    };

    return routeVisitor(context, ({ node, methods, path, routeOptions }) => {
      if (path === undefined || HEALTH_PATHS.has(path)) return;
      const options = resolve(routeOptions);
      const schema = options?.type === 'ObjectExpression' ? propertyOf(options, 'schema') : undefined;
      const named = schema ? namedCall(schema) : undefined;
      for (const method of methods) {
        if (method === 'ALL') return;
        const call = path === 'internal' ? `${method} (an internal path)` : `${method} ${path}`;
        if (!named) {
          context.report({ node, messageId: 'noSchema', data: { call } });
          continue;
        }
        const internal = path === 'internal' || path.startsWith('/internal/');
        if (internal !== (named.fn === 'internalContractSchema')) {
          context.report({ node, messageId: internal ? 'internalSchema' : 'publicSchema', data: { call, service } });
          continue;
        }
        const fits = internal
          ? path === 'internal'
            ? named.key.startsWith(`${service} ${method} /internal/`)
            : named.key === `${service} ${method} ${path}`
          : named.key === `${method} ${path}`;
        if (!fits) context.report({ node, messageId: 'otherCall', data: { call, named: named.key } });
      }
    });
  },
};
