// The whole drizzle schema, one file per aggregate under schema/.
export * from './schema/accounts';
export * from './schema/users';
export * from './schema/translations';
export * from './schema/clients';
export * from './schema/market-history';
export * from './schema/mail';
export * from './schema/reports';
export * from './schema/consistency';
export * from './schema/teams';
