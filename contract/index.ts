export * from './errors';
export * from './envelope';
export * from './list-query';
export * from './roles';
export * from './companies';
export * from './users';
export * from './auth';
