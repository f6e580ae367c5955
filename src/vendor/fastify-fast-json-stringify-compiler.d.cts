// The types of dist/vendor/fastify-fast-json-stringify-compiler.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('@fastify/fast-json-stringify-compiler');
export = types;
