export * from './users.ts';
export * from './auth.ts';
export * from './points.ts';
export * from './mail.ts';
export * from './settings.ts';
export * from './market.ts';
export * from './contests.ts';
export * from './trading.ts';
