import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Glossary } from '@bullpen/contract/learn';
import { renderWithApp } from '@/test/render.tsx';
import { GlossaryPage } from './GlossaryPage.tsx';

const glossary: Glossary = {
  terms: [
    {
      term: 'APR',
      slug: 'apr',
      definition: 'The yearly cost of borrowing, interest and fees, as a percent.',
      lesson: { slug: 'credit-card-basics', title: 'Credit cards and how a balance grows' },
    },
    {
      term: 'deductible',
      slug: 'deductible',
      definition: 'What you pay yourself on a claim before insurance pays.',
      lesson: { slug: 'how-insurance-works', title: 'How insurance works' },
    },
    {
      term: 'net pay',
      slug: 'net-pay',
      definition: 'The pay you take home after taxes and deductions.',
      lesson: null,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the glossary page', () => {
  it('lists the terms by letter with the lesson that teaches each, and narrows as you type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(glossary), { status: 200 })),
    );
    await renderWithApp(<GlossaryPage />, { route: '/public/glossary' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    expect(
      screen.getByText('3 terms the lessons teach, A to Z, each with the lesson that teaches it.'),
    ).toBeVisible();
    const letters = screen.getByRole('navigation', { name: 'Terms by letter' });
    expect(
      within(letters)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['A', 'D', 'N']);
    expect(screen.getByRole('link', { name: 'Taught in “How insurance works”.' })).toHaveAttribute(
      'href',
      '/public/lessons/how-insurance-works',
    );
    expect(document.getElementById('net-pay')).toHaveTextContent('net pay');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a term' }), 'claim');
    expect(await screen.findByText('1 term shown')).toBeVisible();
    expect(screen.getByText('deductible')).toBeVisible();
    expect(screen.queryByText('APR')).not.toBeInTheDocument();
  });
});
