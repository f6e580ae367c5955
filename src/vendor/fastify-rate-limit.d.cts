// The types of dist/vendor/fastify-rate-limit.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('@fastify/rate-limit');
export = types;
