// The web app's layers, as the backend has its floors: routes/ → features/ → components/ → lib/.
// An import may go down, never up, and a feature never imports a sibling feature: what two
// features share moves to components/ (UI) or lib/ (queries, API calls, hooks), and a route
// composes features by handing one's component to another.
//
// Imports are checked by path, not through a module resolver: every import in apps/web/src is
// relative, so resolving the specifier against the importing file says where it lands.
import path from 'node:path';

const LAYERS = ['routes', 'features', 'components', 'lib'];

/**
 * Where a file sits in apps/web/src: its layer (routes, features, components, lib; 'root' for the
 * entry files beside them, above every layer) and, for a feature, the feature's name.
 */
export function webLayerOf(file) {
  const normalized = file.split(path.sep).join('/');
  const at = normalized.lastIndexOf('/apps/web/src/');
  if (at === -1) return null;
  const parts = normalized.slice(at + '/apps/web/src/'.length).split('/');
  if (parts.length === 1) return { layer: 'root', rank: -1 };
  const layer = parts[0];
  const rank = LAYERS.indexOf(layer);
  if (rank === -1) return null;
  return { layer, rank, feature: layer === 'features' ? parts[1] : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Web imports run routes → features → components → lib; no sibling features.',
    },
    schema: [],
    messages: {
      upward:
        '{{from}} may not import from {{to}}: imports run routes → features → components → lib. Move the shared code down.',
      sibling:
        "Feature '{{from}}' may not import feature '{{to}}': move what both use to components/ or lib/, or let the route hand it in.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = webLayerOf(filename);
    if (!from) return {};
    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = webLayerOf(path.resolve(path.dirname(filename), spec));
      if (!to) return;
      if (to.rank < from.rank) {
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from: from.layer, to: to.layer === 'root' ? 'the app entry' : to.layer },
        });
      } else if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({
          node: node.source,
          messageId: 'sibling',
          data: { from: from.feature, to: to.feature },
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'web-layers': webLayers } };
