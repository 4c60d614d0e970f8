import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render.tsx';
import { Audiences } from './Audiences.tsx';

describe("the home page's audiences", () => {
  it.each([
    ['en', 'For schools', /parent|famil/i],
    ['es', 'Para escuelas', /padre|madre|famil/i],
  ] as const)('claim no view for parents (%s)', async (language, schools, parents) => {
    const { container } = await renderWithApp(<Audiences />, { language });
    expect(screen.getByRole('heading', { level: 3, name: schools })).toBeVisible();
    expect(container.textContent).not.toMatch(parents);
  });
});
