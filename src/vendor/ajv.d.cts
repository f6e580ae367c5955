// The types of dist/vendor/ajv.mjs (scripts/vendor-bundles.mjs): the package's own, a CommonJS
// module's as the package declares them.
import types = require('ajv');
export = types;
