import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SIZE } from '@bullpen/contract/constants';
import { learnMessages } from '@bullpen/contract/learn';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';

/** The external content service over the test content (learn/test-content). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/content/flyers/', () => {
  it('lists the articles as blog cards, newest first, to anyone', async () => {
    const response = await t.app.inject({ url: '/api/content/flyers/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          title: 'How a stock contest works',
          description:
            "Start with pretend money, trade real companies' simulated prices, learn as you go.",
          image: '/content/images/markets.svg',
          path: '/public/blogs/how-a-stock-contest-works',
          buttonText: 'Read more',
          secondButtonText: 'Join a contest',
          secondPath: '/join',
        },
        expect.objectContaining({ title: 'Why save early', path: '/public/blogs/why-save-early' }),
      ],
    });
  });

  it('pages them', async () => {
    const page = (await t.app.inject({ url: '/api/content/flyers/?page_size=1&page=2' })).json();
    expect(page.results.map((card: { title: string }) => card.title)).toEqual(['Why save early']);
    expect(page.previous).toBe('http://bullpen.test/api/content/flyers/?page_size=1&page=1');
    expect((await t.app.inject({ url: '/api/content/flyers/?page=2' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/content/flyers/?page=0' })).statusCode).toBe(400);
  });
});

describe('GET /api/content/flyers/{alias}/', () => {
  it('answers one article with its sanitised HTML', async () => {
    const response = await t.app.inject({ url: '/api/content/flyers/why-save-early/' });
    expect(response.statusCode).toBe(200);
    const article = response.json();
    expect(article).toMatchObject({
      alias: 'why-save-early',
      kind: 'blog',
      title: 'Why save early',
      category: 'saving',
      published: '2026-10-01',
      minutes: 1,
      sources: [
        {
          title: 'Saving and investing',
          publisher: 'Investor.gov',
          url: 'https://www.investor.gov/',
        },
      ],
      card: expect.objectContaining({ secondPath: '/budgeting' }),
    });
    expect(article.html).toContain('<strong>interest</strong>');
  });

  it('answers 404 for an unknown alias and 400 for a malformed one', async () => {
    const missing = await t.app.inject({ url: '/api/content/flyers/no-such-article/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.articleNotFound });
    const bad = await t.app.inject({ url: '/api/content/flyers/Not%20A%20Slug/' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/content/lessons/', () => {
  it('lists every live lesson as a blog card, 5 to a page', async () => {
    const page = (await t.app.inject({ url: '/api/content/lessons/' })).json();
    expect(page.count).toBe(4);
    expect(page.results).toHaveLength(Math.min(4, CONTENT_PAGE_SIZE));
    const lesson = (
      await t.app.inject({
        url: `/api/learn/lessons/?course=${(await t.app.inject({ url: '/api/learn/courses/' })).json().results[0].id}`,
      })
    ).json().results[0];
    expect(page.results[0]).toEqual({
      title: 'Gross pay and net pay',
      description: 'Why a paycheck is smaller than the pay you earned',
      image: '/content/images/earning.svg',
      path: '/public/lessons/gross-and-net-pay',
      buttonText: 'Read the lesson',
      secondButtonText: 'Take the quiz',
      secondPath: `/lessons?lesson=${lesson.id}`,
    });
    const second = (await t.app.inject({ url: '/api/content/lessons/?page_size=3&page=2' })).json();
    expect(second.results.map((card: { path: string }) => card.path)).toEqual([
      '/public/lessons/placing-an-order',
    ]);
  });
});

describe('GET /api/content/lessons/{alias}/', () => {
  it('answers a lesson as a public article, with no quiz answers', async () => {
    const response = await t.app.inject({ url: '/api/content/lessons/what-is-a-share/' });
    expect(response.statusCode).toBe(200);
    const article = response.json();
    expect(article).toMatchObject({
      alias: 'what-is-a-share',
      kind: 'lesson',
      title: 'What is a share?',
      category: 'markets',
      published: null,
      minutes: 7,
      sources: [{ title: 'Stocks', publisher: 'Investor.gov', url: 'https://www.investor.gov/' }],
    });
    expect(article.html).toContain('<h2>Worked example</h2>');
    expect(response.body).not.toContain('shareholder');
  });

  it('is the same for a signed-in user, and 404 for an unknown alias', async () => {
    const user = await buildUser(t.deps);
    const signedIn = await t.app.inject({
      url: '/api/content/lessons/what-is-a-share/',
      headers: user.auth,
    });
    expect(signedIn.statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/content/lessons/no-such-lesson/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.articleNotFound });
  });
});
