import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenderLater } from './RenderLater.tsx';

describe('RenderLater', () => {
  it('leaves its children out of the first render, then draws them', async () => {
    const seenInTask: string[] = [];
    function Section({ name }: { name: string }) {
      seenInTask.push(name);
      return <p>{name}</p>;
    }
    render(
      <>
        <Section name="hero" />
        <RenderLater>
          <Section name="audiences" />
        </RenderLater>
        <RenderLater>
          <Section name="team" />
        </RenderLater>
      </>,
    );
    expect(screen.getByText('hero')).toBeInTheDocument();
    expect(screen.queryByText('audiences')).not.toBeInTheDocument();
    expect(await screen.findByText('audiences')).toBeInTheDocument();
    expect(await screen.findByText('team')).toBeInTheDocument();
    expect(seenInTask).toEqual(['hero', 'audiences', 'team']);
  });
});
