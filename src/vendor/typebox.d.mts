// The types of dist/vendor/typebox.mjs (scripts/vendor-bundles.mjs): the package's own.
export * from 'typebox';
