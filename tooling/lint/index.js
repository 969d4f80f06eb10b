// Mnemo's own lint rules, one plugin (`mnemo/...` in eslint.config.js). Each rule's file says what
// it enforces and why; the tests beside them test them.
import webLayers from './web-layers.js';
import { contractRoutes, contractSchemas } from './rules/contract-routes.js';

export default {
  meta: { name: '@mnemo/lint-rules' },
  rules: {
    ...webLayers.rules,
    'contract-routes': contractRoutes,
    'contract-schemas': contractSchemas,
  },
};
