// The types of dist/vendor/prom-client.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('prom-client');
export = types;
