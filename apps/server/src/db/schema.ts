// The whole drizzle schema, one file per aggregate under schema/.
export * from './schema/accounts';
export * from './schema/users';
export * from './schema/translations';
export * from './schema/clients';
export * from './schema/market-history';
export * from './schema/mail';
export * from './schema/reports';
export * from './schema/consistency';
export * from './schema/weights';
export * from './schema/signup';
export * from './schema/anonymisation';
export * from './schema/bi';
export * from './schema/api-credentials';
export * from './schema/privacy-policies';
export * from './schema/google-sign-in';
export * from './schema/payments';
export * from './schema/teams';
