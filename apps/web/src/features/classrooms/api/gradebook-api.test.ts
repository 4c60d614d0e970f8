import { describe, expect, it } from 'vitest';
import { gradebookMessages } from '@bullpen/contract/classroom-gradebook';
import en from '../../../locales/en/classrooms.json';
import { gradebookSearch } from './gradebook-api.ts';

describe('gradebookSearch', () => {
  it('sends only the filters that are set, and the format of a download', () => {
    expect(gradebookSearch({ course: null, from: '', to: '' })).toBe('');
    expect(gradebookSearch({ course: 3, from: '2026-03-01', to: '' })).toBe(
      '?course=3&from=2026-03-01',
    );
    expect(gradebookSearch({ course: null, from: '', to: '2026-03-31' }, { format: 'xlsx' })).toBe(
      '?format=xlsx&to=2026-03-31',
    );
  });
});

describe('the gradebook’s server messages', () => {
  it('are in the classrooms catalogue as the server words them, so they translate', () => {
    const messages = en.serverMessages;
    expect(messages.gradebookDate).toBe(gradebookMessages.date);
    expect(messages.gradebookRange).toBe(gradebookMessages.range);
    expect(messages.gradebookChooseStudents).toBe(gradebookMessages.chooseStudents);
    expect(messages.gradebookTooManyStudents).toBe(gradebookMessages.tooManyStudents);
    expect(messages.gradebookNotStudents).toBe(gradebookMessages.notStudents);
    expect(messages.gradebookFormat).toBe(gradebookMessages.format);
    expect(messages.gradebookAllDone).toBe(gradebookMessages.allDone);
  });
});
