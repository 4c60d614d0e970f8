import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render.tsx';
import { FixedPagination } from './FixedPagination.tsx';

describe('FixedPagination', () => {
  it('shows the rows on the page and moves one page at a time', async () => {
    const onPageChange = vi.fn();
    const { rerender } = await renderWithApp(
      <FixedPagination count={23} page={0} pageSize={10} onPageChange={onPageChange} />,
    );
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);

    rerender(<FixedPagination count={23} page={2} pageSize={10} onPageChange={onPageChange} />);
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('has nowhere to go with no rows', async () => {
    await renderWithApp(
      <FixedPagination count={0} page={0} pageSize={10} onPageChange={vi.fn()} />,
    );
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('speaks Spanish', async () => {
    await renderWithApp(
      <FixedPagination count={23} page={1} pageSize={10} onPageChange={vi.fn()} />,
      { language: 'es' },
    );
    expect(screen.getByText('11–20 de 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeEnabled();
  });
});
