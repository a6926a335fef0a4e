/**
 * The database schema, one module per domain under ./tables (drizzle-kit reads this file;
 * `npm run db:generate` writes the migrations to ./migrations). Every table is exported here,
 * so code imports `@/server/db/schema` and never a table module directly.
 */
export * from './tables/columns';
export * from './tables/venues';
export * from './tables/booking';
export * from './tables/experiences';
export * from './tables/payments';
export * from './tables/giftcards';
export * from './tables/promo';
export * from './tables/fidelity';
export * from './tables/outbox';
export * from './tables/limits';
export * from './tables/staff';
export * from './tables/consent';
export * from './tables/idempotency';
export * from './tables/wallet';
export * from './tables/channels';
export * from './tables/guests';
export * from './tables/relations';
