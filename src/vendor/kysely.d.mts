// The types of dist/vendor/kysely.mjs (scripts/vendor-bundles.mjs): the package's own.
export * from 'kysely';
