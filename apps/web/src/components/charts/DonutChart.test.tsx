import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DonutChart, foldSlices, MAX_SLICES } from './DonutChart.tsx';

describe('foldSlices', () => {
  it('keeps the biggest slices and folds the rest into one, at most five in all', () => {
    const slices = [1, 9, 3, 7, 5, 2, 0].map((value, index) => ({ label: `s${index}`, value }));
    const folded = foldSlices(slices, 'Other');
    expect(folded).toHaveLength(MAX_SLICES);
    expect(folded.map((slice) => slice.label)).toEqual(['s1', 's3', 's4', 's2', 'Other']);
    expect(folded.at(-1)).toEqual({ label: 'Other', value: 3 });
    expect(foldSlices(slices.slice(0, 3), 'Other').map((slice) => slice.value)).toEqual([9, 3, 1]);
  });
});

describe('DonutChart', () => {
  it('names the picture and writes every slice in the legend, so colour is not the only signal', () => {
    render(
      <DonutChart
        slices={[
          { label: 'Rent', value: 750 },
          { label: 'Food', value: 250 },
        ]}
        label={(shares) => shares.map(({ slice, share }) => `${slice.label} ${share}`).join(', ')}
        describe={(slice, share) => `${slice.value} (${share * 100}%)`}
      />,
    );
    expect(screen.getByRole('img', { name: 'Rent 0.75, Food 0.25' })).toBeInTheDocument();
    expect(screen.getByText('750 (75%)')).toBeInTheDocument();
    expect(screen.getByText('Food')).toBeInTheDocument();
  });

  it('draws nothing without a positive total', () => {
    const { container } = render(
      <DonutChart slices={[]} label={() => 'none'} describe={() => ''} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
