import 'i18next';
import type auth from '../locales/en/auth.json';
import type accessibility from '../locales/en/accessibility.json';
import type assignments from '../locales/en/assignments.json';
import type board from '../locales/en/board.json';
import type budget from '../locales/en/budget.json';
import type certificates from '../locales/en/certificates.json';
import type classrooms from '../locales/en/classrooms.json';
import type common from '../locales/en/common.json';
import type contests from '../locales/en/contests.json';
import type contestStats from '../locales/en/contest-stats.json';
import type contestRules from '../locales/en/contest-rules.json';
import type riskBoard from '../locales/en/risk-board.json';
import type contestManage from '../locales/en/contest-manage.json';
import type coach from '../locales/en/coach.json';
import type earn from '../locales/en/earn.json';
import type guardians from '../locales/en/guardians.json';
import type rosters from '../locales/en/rosters.json';
import type home from '../locales/en/home.json';
import type learn from '../locales/en/learn.json';
import type legal from '../locales/en/legal.json';
import type market from '../locales/en/market.json';
import type notifications from '../locales/en/notifications.json';
import type privacy from '../locales/en/privacy.json';
import type redeem from '../locales/en/redeem.json';
import type resumes from '../locales/en/resumes.json';
import type support from '../locales/en/support.json';
import type tools from '../locales/en/tools.json';
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
      'contest-stats': typeof contestStats;
      'contest-rules': typeof contestRules;
      'risk-board': typeof riskBoard;
      'contest-manage': typeof contestManage;
      coach: typeof coach;
      market: typeof market;
      home: typeof home;
      legal: typeof legal;
      learn: typeof learn;
      budget: typeof budget;
      support: typeof support;
      classrooms: typeof classrooms;
      assignments: typeof assignments;
      board: typeof board;
      certificates: typeof certificates;
      resumes: typeof resumes;
      earn: typeof earn;
      redeem: typeof redeem;
      accessibility: typeof accessibility;
      privacy: typeof privacy;
      tools: typeof tools;
      notifications: typeof notifications;
      guardians: typeof guardians;
      rosters: typeof rosters;
    };
    returnNull: false;
  }
}
