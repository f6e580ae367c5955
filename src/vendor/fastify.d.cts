// The types of dist/vendor/fastify.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('fastify');
export = types;
