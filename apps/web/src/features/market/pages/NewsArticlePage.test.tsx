import { Route, Routes } from 'react-router';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsArticle } from '@bullpen/contract/market';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { renderWithApp } from '@/test/render.tsx';
import { NewsArticlePage } from './NewsArticlePage.tsx';

const story: NewsArticle = {
  id: 'e-aapl-20100',
  title: 'Apple Inc. results beat expectations; shares rise 3.2%',
  source: 'Bullpen Market Wire (simulated)',
  imgUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  description: 'AAPL rose 3.2% on 2025-01-30 after its quarterly results.',
  url: '/public/news/e-aapl-20100',
  publishedDate: '2025-01-30T21:15:00.000Z',
  body: ['Apple Inc. (AAPL) reported its quarterly results.', 'When results come out…'],
  symbols: ['AAPL'],
};

function stubApi(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/public/news/:id" element={<NewsArticlePage />} />
      <Route path={NOT_FOUND_PATH} element={<h1>Page not found</h1>} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/public/news/:id', () => {
  it('shows the story with its date, its paragraphs, its stocks and that it is simulated', async () => {
    const fetchMock = stubApi(200, story);
    renderAt('/public/news/e-aapl-20100');
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/news/e-aapl-20100/');
    expect(screen.getByText(story.body[0] as string)).toBeVisible();
    expect(screen.getByText(story.body[1] as string)).toBeVisible();
    expect(screen.getByText('Stocks in this story: AAPL')).toBeVisible();
    expect(screen.getByText(/It is not real news/)).toBeVisible();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe(story.publishedDate);
    expect(document.title).toContain(story.title);
  });

  it('sends a story the API does not know to the 404 page', async () => {
    stubApi(404, { error: 'No such news item.' });
    renderAt('/public/news/c-aapl-1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('sends a malformed id to the 404 page without asking the API', async () => {
    const fetchMock = stubApi(200, story);
    renderAt('/public/news/not%20an%20id');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
