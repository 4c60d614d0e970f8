import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render.tsx';
import { AccessibilityPage } from './AccessibilityPage.tsx';

describe('the accessibility statement', () => {
  it('lists what the tests check and links to the support page to report a barrier', async () => {
    await renderWithApp(<AccessibilityPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Accessibility statement' }),
    ).toBeVisible();
    const checks = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(checks).toHaveLength(4);
    expect(checks.join(' ')).toMatch(/axe-core.*keyboard.*360 pixels.*Spanish/s);
    expect(
      screen.getByRole('link', { name: 'Report a barrier on the support page' }),
    ).toHaveAttribute('href', '/public/support');
  });

  it('reads in Spanish', async () => {
    await renderWithApp(<AccessibilityPage />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Declaración de accesibilidad',
    );
    expect(
      screen.getByRole('link', { name: 'Informar de una barrera en la página de soporte' }),
    ).toHaveAttribute('href', '/public/support');
  });
});
