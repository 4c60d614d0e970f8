import { Route, Routes, useLocation } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { earnPaths } from '@bullpen/contract/routes';
import { renderWithApp } from '@/test/render.tsx';
import { LinkedModules } from './LinkedModules.tsx';

/** Stands in for the module player: shows where its Back would go. */
function PlayerStub() {
  const location = useLocation();
  const { from } = (location.state ?? {}) as { from?: string };
  return <h1>Module, back to {from ?? 'nowhere'}</h1>;
}

describe('LinkedModules', () => {
  it('links each module to its deep link with the lesson as `from`, the done ones marked', async () => {
    const user = userEvent.setup();
    await renderWithApp(
      <Routes>
        <Route
          path="/lessons"
          element={
            <LinkedModules
              modules={[
                {
                  id: 5,
                  name: 'A rainy-day fund',
                  imgSrc: '/modules/piggy-bank.svg',
                  completed: true,
                },
                {
                  id: 6,
                  name: 'Compound interest',
                  imgSrc: '/modules/chart.svg',
                  completed: false,
                },
              ]}
            />
          }
        />
        <Route path="/learn-and-earn" element={<PlayerStub />} />
      </Routes>,
      { route: '/lessons?lesson=3' },
    );
    const [done, notDone] = screen.getAllByRole('listitem');
    expect(within(done!).getByText('Completed')).toBeVisible();
    expect(within(notDone!).queryByText('Completed')).toBeNull();
    const link = screen.getByRole('link', { name: 'A rainy-day fund' });
    expect(link).toHaveAttribute('href', earnPaths.module(5));
    await user.click(link);
    expect(
      await screen.findByRole('heading', { name: 'Module, back to /lessons?lesson=3' }),
    ).toBeVisible();
  });
});
