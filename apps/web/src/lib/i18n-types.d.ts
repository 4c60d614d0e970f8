import 'i18next';
import type auth from '../locales/en/auth.json';
import type budget from '../locales/en/budget.json';
import type common from '../locales/en/common.json';
import type contests from '../locales/en/contests.json';
import type home from '../locales/en/home.json';
import type learn from '../locales/en/learn.json';
import type legal from '../locales/en/legal.json';
import type market from '../locales/en/market.json';
import type support from '../locales/en/support.json';
import type validation from '../locales/en/validation.json';

// English is the reference catalogue: a key that English lacks does not type-check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      validation: typeof validation;
      auth: typeof auth;
      contests: typeof contests;
      market: typeof market;
      home: typeof home;
      legal: typeof legal;
      learn: typeof learn;
      budget: typeof budget;
      support: typeof support;
    };
    returnNull: false;
  }
}
