import { describe, expect, it } from 'vitest';
import type { QuizItemFile } from '@bullpen/contract/learn';
import { readModules } from '../zogo/content-files.ts';
import {
  contentRoot,
  readCurriculum,
  readGlossary,
  readStandards,
  type CourseSource,
  type LessonSource,
} from './content-files.ts';
import {
  checkEditorial,
  CURRICULUM_SCOPE,
  isApplied,
  practiceTarget,
  rightIsLongest,
  scopeProblems,
  similarity,
  type EditorialContext,
} from './editorial-check.ts';
import { termKey } from './glossary.ts';

/**
 * The editorial rules on the real content (`content/`): the whole curriculum passes every one
 * (docs/decisions/037), and a copy of one real course broken one rule at a time fails with
 * that rule's words. Each break is measured against the same course unbroken, so a problem the
 * copy has anyway (another course's glossary terms, standards other courses teach) is not
 * counted.
 */
const curriculum = readCurriculum(contentRoot);
const modules = readModules(contentRoot);
const context: EditorialContext = {
  standards: readStandards(contentRoot),
  glossary: readGlossary(contentRoot),
  moduleQuestions: modules.modules.flatMap((source) =>
    source.module.cards.flatMap((card) =>
      card.type === 'question'
        ? [{ file: `${source.file} question ${card.id}`, question: card.question }]
        : [],
    ),
  ),
};

const model = curriculum.find((source) => source.course.slug === 'managing-risk')!;
const baseline = new Set(checkEditorial([model], context).problems);

type ChoiceItem = Extract<QuizItemFile, { type: 'choice' }>;

/** A copy of the model course with its lesson `index` changed by `change`. */
function withLesson(index: number, change: (lesson: LessonSource) => LessonSource): CourseSource {
  return {
    ...model,
    lessons: model.lessons.map((lesson, at) =>
      at === index ? change(structuredClone(lesson)) : lesson,
    ),
  };
}

/** The problems `courses` has that the unbroken model course does not. */
function added(courses: CourseSource[], with_: EditorialContext = context): string[] {
  return checkEditorial(courses, with_).problems.filter((problem) => !baseline.has(problem));
}

const first = model.lessons[0]!;
const choiceIndex = first.front.quiz.findIndex((item) => item.type === 'choice');
const choice = first.front.quiz[choiceIndex] as ChoiceItem;

function withChoice(change: (item: ChoiceItem) => void): CourseSource {
  return withLesson(0, (lesson) => {
    change(lesson.front.quiz[choiceIndex] as ChoiceItem);
    return lesson;
  });
}

describe('the real curriculum', () => {
  it('passes every editorial rule', () => {
    expect(checkEditorial(curriculum, context).problems).toEqual([]);
  });

  it(`has at least ${CURRICULUM_SCOPE.courses} courses, ${CURRICULUM_SCOPE.lessons} lessons and ${CURRICULUM_SCOPE.questions} lesson questions`, () => {
    expect(scopeProblems(curriculum)).toEqual([]);
  });

  it('teaches every standard of content/standards.yaml in some lesson', () => {
    const report = checkEditorial(curriculum, context);
    for (const [code, bands] of Object.entries(report.coverage)) {
      expect(
        Object.values(bands).reduce((sum, count) => sum + count, 0),
        code,
      ).toBeGreaterThan(0);
    }
  });
});

describe('the editorial rules, each broken on a copy of a real course', () => {
  it('the model course passes its own rules', () => {
    const own = [...baseline].filter((problem) =>
      problem.startsWith('content/courses/managing-risk/'),
    );
    expect(own).toEqual([]);
  });

  it('a bank of fewer than 14 questions', () => {
    const broken = withLesson(0, (lesson) => {
      lesson.front.quiz = lesson.front.quiz.slice(0, 13);
      return lesson;
    });
    expect(added([broken])).toContainEqual(`${first.file}: 13 questions; a bank needs at least 14`);
  });

  it('fewer than 2 or more than 4 numeric questions', () => {
    const none = withLesson(0, (lesson) => {
      lesson.front.quiz = lesson.front.quiz.filter((item) => item.type === 'choice');
      return lesson;
    });
    expect(added([none]).join('\n')).toMatch(/: 0 numeric questions; a bank has 2 to 4/);
    const numeric = first.front.quiz.find((item) => item.type === 'number')!;
    const many = withLesson(0, (lesson) => {
      for (let i = 0; i < 4; i += 1) lesson.front.quiz.push({ ...numeric, id: `extra-${i}` });
      return lesson;
    });
    expect(added([many]).join('\n')).toMatch(/: \d numeric questions; a bank has 2 to 4/);
  });

  it('fewer than a third applied', () => {
    const recall = withLesson(0, (lesson) => {
      lesson.front.quiz = lesson.front.quiz
        .filter((item) => item.type === 'choice')
        .map((item, index) => ({
          ...item,
          question: `Which word names idea number ${'x'.repeat(index + 1)}?`,
        }));
      return lesson;
    });
    expect(added([recall]).join('\n')).toMatch(/: 0 of \d+ questions are applied/);
    expect(isApplied({ ...choice, question: 'Ana has $50. Which is cheaper?' })).toBe(true);
    expect(isApplied({ ...choice, question: 'Ana saves. She then spends. What did she do?' })).toBe(
      true,
    );
    expect(isApplied({ ...choice, question: 'What is a premium?' })).toBe(false);
  });

  it('a wrong choice without its why, a right choice with one, a why that repeats the explanation', () => {
    const wrongIndex = choice.answer === 0 ? 1 : 0;
    const noWhy = withChoice((item) => delete item.choices[wrongIndex]!.why);
    expect(added([noWhy]).join('\n')).toMatch(
      new RegExp(`question ${choice.id}: wrong choice ".+" has no why`),
    );
    const rightWhy = withChoice(
      (item) => (item.choices[item.answer]!.why = 'Because it is right.'),
    );
    expect(added([rightWhy])).toContainEqual(
      `${first.file} question ${choice.id}: the right choice has a why (only wrong ones do)`,
    );
    const echo = withChoice((item) => (item.choices[wrongIndex]!.why = item.explanation));
    expect(added([echo]).join('\n')).toMatch(/repeats the explanation as its why/);
  });

  it('a joke option, and two or five choices', () => {
    const wrongIndex = choice.answer === 0 ? 1 : 0;
    const joke = withChoice(
      (item) => (item.choices[wrongIndex]!.text = 'Someone copying your homework'),
    );
    expect(added([joke])).toContainEqual(
      `${first.file} question ${choice.id}: "Someone copying your homework" is a joke or a give-away, not a real mistake`,
    );
    const two = withChoice((item) => {
      const right = item.choices[item.answer]!;
      const wrong = item.choices[wrongIndex]!;
      item.choices = [right, wrong];
      item.answer = 0;
    });
    expect(added([two])).toContainEqual(
      `${first.file} question ${choice.id}: 2 choices; offer 3 or 4`,
    );
  });

  it('the right option the longest in more than 35 % of a course', () => {
    const longest = {
      ...model,
      lessons: model.lessons.map((lesson) => {
        const copy = structuredClone(lesson);
        for (const item of copy.front.quiz) {
          if (item.type === 'choice')
            item.choices[item.answer]!.text +=
              ' — and that is the whole of the right answer, said at length';
        }
        return copy;
      }),
    };
    expect(added([longest]).join('\n')).toMatch(
      /course\.yaml: the right option is the longest in \d+ of \d+ multiple-choice questions \(\d+ %\); at most 35 %/,
    );
    expect(
      rightIsLongest({ ...choice, choices: [{ text: 'ab' }, { text: 'abc' }], answer: 1 }),
    ).toBe(true);
    expect(
      rightIsLongest({ ...choice, choices: [{ text: 'abc' }, { text: 'abc' }], answer: 1 }),
    ).toBe(true);
    expect(
      rightIsLongest({ ...choice, choices: [{ text: 'abcd' }, { text: 'abc' }], answer: 1 }),
    ).toBe(false);
  });

  it('a question that repeats a module question or another lesson', () => {
    const moduleQuestion = context.moduleQuestions[0]!;
    const copied = withChoice((item) => (item.question = moduleQuestion.question));
    expect(added([copied])).toContainEqual(
      `${first.file} question ${choice.id}: repeats ${moduleQuestion.file} ("${moduleQuestion.question}")`,
    );
    const other = model.lessons[1]!.front.quiz[0]!;
    const twice = withChoice(
      (item) => (item.question = `${other.question.replace(/\?$/, '')}, then?`),
    );
    expect(added([twice]).join('\n')).toMatch(
      new RegExp(`question ${choice.id}: repeats ${model.lessons[1]!.file} question ${other.id}`),
    );
    expect(similarity('What is net pay?', 'What is net pay?')).toBe(1);
    expect(similarity('What is net pay?', 'How is an APR worked out?')).toBeLessThan(0.5);
  });

  it('a bold term without a glossary entry, an entry taught nowhere, an entry twice', () => {
    const untaught = withLesson(0, (lesson) => ({
      ...lesson,
      body: `${lesson.body}\n\nA **widget fee** is made up for this test.\n`,
    }));
    expect(added([untaught])).toContainEqual(
      `${first.file}: the term "widget fee" is bold (taught) but not in the glossary`,
    );
    const extra: EditorialContext = {
      ...context,
      glossary: [
        ...context.glossary,
        { file: 'content/glossary/test.yaml', term: 'zorbing', definition: 'A made-up term.' },
        {
          file: 'content/glossary/test.yaml',
          term: context.glossary[0]!.term,
          definition: 'Again.',
        },
      ],
    };
    const problems = checkEditorial([model], extra).problems;
    expect(problems).toContainEqual(
      'content/glossary/test.yaml: "zorbing" is taught (bold) in no lesson',
    );
    expect(problems).toContainEqual(
      `content/glossary/test.yaml: "${context.glossary[0]!.term}" is defined already in ${context.glossary[0]!.file}`,
    );
    expect(termKey('Credit Scores')).toBe(termKey('credit score'));
    expect(termKey('policies')).toBe('policy');
  });

  it('an acronym in a question that neither the lesson nor the glossary teaches', () => {
    const acronym = withChoice(
      (item) => (item.question = `${item.question} (Think of the QXZ rule.)`),
    );
    expect(added([acronym])).toContainEqual(
      `${first.file} question ${choice.id}: "QXZ" is neither taught in the lesson nor in the glossary`,
    );
  });

  it('a year-bound figure without its year', () => {
    const yearless = withLesson(0, (lesson) => ({
      ...lesson,
      body: `${lesson.body}\n\nThe FDIC insures deposits up to $250,000 per depositor.\n`,
    }));
    expect(added([yearless])).toContainEqual(
      `${first.file}: a year-bound figure without its year: "The FDIC insures deposits up to $250,000 per depositor."`,
    );
    const dated = withLesson(0, (lesson) => ({
      ...lesson,
      body: `${lesson.body}\n\nIn 2026, the FDIC insures deposits up to $250,000 per depositor.\n`,
    }));
    expect(added([dated])).toEqual([]);
  });

  it('a reading below grade 5 or above grade 9', () => {
    const easy = withLesson(0, (lesson) => ({
      ...lesson,
      body: `## Worked example\n\n${'I pay. You save. We win. '.repeat(60)}\n`,
    }));
    expect(added([easy]).join('\n')).toMatch(
      /: reads at grade -?\d+(\.\d)?; lessons read at grade 5 to 9/,
    );
    const hard = withLesson(0, (lesson) => ({
      ...lesson,
      body: `## Worked example\n\n${'Comprehensive insurance indemnification necessitates extraordinarily meticulous documentation, notwithstanding considerable administrative inconvenience associated with organizational bureaucracies, '.repeat(8)}end.\n`,
    }));
    expect(added([hard]).join('\n')).toMatch(
      /: reads at grade \d+(\.\d)?; lessons read at grade 5 to 9/,
    );
  });

  it('a lesson without standards or with an unknown one, and a standard no lesson teaches', () => {
    const none = withLesson(0, (lesson) => {
      lesson.front.standards = [];
      return lesson;
    });
    expect(added([none])).toContainEqual(
      `${first.file}: no standards; tag the codes of content/standards.yaml it teaches`,
    );
    const unknown = withLesson(0, (lesson) => {
      lesson.front.standards = ['ZZ-9'];
      return lesson;
    });
    expect(added([unknown])).toContainEqual(
      `${first.file}: ZZ-9 is not a standard of content/standards.yaml`,
    );
    // The model course alone teaches managing risk, not earning income.
    expect(baseline).toContain('content/standards.yaml: no lesson teaches EI-1');
    expect(baseline).not.toContain('content/standards.yaml: no lesson teaches MR-2');
  });

  it('a course without a decision scenario, and an outcome not worked out in numbers', () => {
    const without = {
      ...model,
      lessons: model.lessons.map((lesson) => ({
        ...lesson,
        front: { ...lesson.front, decision: undefined },
      })),
    };
    expect(added([without])).toContainEqual(
      `${model.file}: no lesson of the course has a decision scenario`,
    );
    const index = model.lessons.findIndex((lesson) => lesson.front.decision);
    const vague = withLesson(index, (lesson) => {
      lesson.front.decision!.options[0]!.outcome =
        'It works out better for you in the end, mostly.';
      return lesson;
    });
    expect(added([vague]).join('\n')).toMatch(
      /the decision's outcome of ".+" is not worked out in numbers/,
    );
  });

  it('a practice link that does not fit the lesson, and one page for more than 30 % of lessons', () => {
    const misfit = withLesson(0, (lesson) => {
      lesson.front.try_it = { path: '/public/development', label: 'Look up a stock' };
      return lesson;
    });
    expect(added([misfit]).join('\n')).toMatch(
      /try_it \/public\/development does not practise MR-1; use one of/,
    );
    const same = {
      ...model,
      lessons: model.lessons.map((lesson) => ({
        ...lesson,
        front: { ...lesson.front, try_it: { path: '/budgeting', label: 'Plan a budget' } },
      })),
    };
    expect(added([same])).toContainEqual(
      `${model.lessons.length} of ${model.lessons.length} lessons practise on /budgeting; one page takes at most 30 %`,
    );
    expect(practiceTarget('/tools#loan-payoff')).toBe('/tools#loan-payoff');
    expect(practiceTarget('/my-contests?type=public')).toBe('/my-contests');
    expect(practiceTarget('/contest/12')).toBe('/contest');
  });

  it('a curriculum smaller than the semester course', () => {
    expect(scopeProblems([model])).toEqual([
      `1 courses; the semester course has at least ${CURRICULUM_SCOPE.courses}`,
      `${model.lessons.length} lessons; the semester course has at least ${CURRICULUM_SCOPE.lessons}`,
      `${model.lessons.reduce((sum, lesson) => sum + lesson.front.quiz.length, 0)} lesson questions; the semester course has at least ${CURRICULUM_SCOPE.questions}`,
    ]);
  });
});
