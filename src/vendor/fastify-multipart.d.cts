// The types of dist/vendor/fastify-multipart.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('@fastify/multipart');
export = types;
