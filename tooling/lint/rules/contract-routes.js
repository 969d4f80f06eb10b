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

    /**
     * @param {any} node
     * @param {string[]} methods
     * @param {any} pathNode
     */
    const check = (node, methods, pathNode) => {
      const path = pathNode ? pathOf(pathNode) : undefined;
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
          /** @param {string} key */
          const prop = (key) => first.properties.find((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === key)?.value;
          const method = prop('method');
          const url = prop('url') ?? prop('path');
          const methods = (method?.type === 'ArrayExpression' ? method.elements : [method])
            .map((m) => (m?.type === 'Literal' && typeof m.value === 'string' ? m.value.toUpperCase() : undefined));
          if (methods.some((m) => m === undefined)) return context.report({ node, messageId: 'unreadable' });
          return check(node, /** @type {string[]} */ (methods), url);
        }
        if (!ROUTE_METHODS.has(name) || !first) return;
        // `storage.get(key)`, `map.delete(id)`: only a call whose first argument is a path, or any
        // such call on `app` (every routes plugin's instance), is a route.
        const literalPath = pathOf(first);
        const looksLikeRoute = typeof literalPath === 'string' && literalPath.startsWith('/');
        if (!looksLikeRoute && callee.object.name !== 'app') return;
        check(node, [name.toUpperCase()], first);
      },
    };
  },
};
