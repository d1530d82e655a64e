// The reference-api-postgres project's suites run on PostgreSQL (harness.ts, TEST_DIALECT).
process.env.REFERENCE_API_TEST_DIALECT = 'postgres';
