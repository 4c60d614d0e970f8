import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Decision } from '@bullpen/contract/learn';
import { renderWithApp } from '@/test/render.tsx';
import { DecisionScenario } from './DecisionScenario.tsx';

const decision: Decision = {
  title: 'Which deductible?',
  situation: 'Ana can pick a $500 deductible for $100 a month or a $2,000 one for $70 a month.',
  options: [
    {
      label: 'The $500 deductible',
      outcome: 'A year with one claim costs $1,200 + $500 = $1,700.',
    },
    {
      label: 'The $2,000 deductible',
      outcome: 'A year with one claim costs $840 + $2,000 = $2,840.',
    },
  ],
  takeaway: 'A low premium pays off only in the years nothing goes wrong.',
};

describe('a decision scenario', () => {
  it('asks for a choice, then works out every outcome, the chosen one first', async () => {
    await renderWithApp(<DecisionScenario decision={decision} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Decide: Which deductible?' })).toBeVisible();
    const show = screen.getByRole('button', { name: 'See what happens' });
    expect(show).toBeDisabled();
    expect(screen.queryByText(/\$2,840/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'The $2,000 deductible' }));
    await user.click(show);
    const outcomes = screen.getByRole('status');
    const [first, second] = within(outcomes)
      .getAllByText(/choice:/)
      .map((label) => label.textContent);
    expect(first).toBe('Your choice: The $2,000 deductible');
    expect(second).toBe('The other choice: The $500 deductible');
    expect(within(outcomes).getByText(/\$840 \+ \$2,000 = \$2,840/)).toBeVisible();
    expect(within(outcomes).getByText(/\$1,200 \+ \$500 = \$1,700/)).toBeVisible();
    expect(within(outcomes).getByText(decision.takeaway)).toBeVisible();
    // The choice is locked while the outcomes show; "Choose again" starts over.
    expect(screen.getByRole('radio', { name: 'The $500 deductible' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Choose again' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'The $500 deductible' })).not.toBeChecked();
  });
});
