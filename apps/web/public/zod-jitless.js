// Zod builds validators with new Function() when it can, trying as each object schema is made;
// the Content-Security-Policy forbids eval, and each attempt is a reported violation. Its
// interpreted mode gives the same results. Zod reads this global when it loads. A classic script
// of its own, run before the app's module: inside the bundle, the chunk holding zod and the
// contracts' schemas is evaluated before any line of the entry.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
