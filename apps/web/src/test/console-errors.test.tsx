import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { checkConsoleErrors, expectConsoleError } from './console-errors.ts';

// Each test calls the check that runs after every test (src/test/setup.ts) itself, so it can
// see it throw; the check then starts over, and the test ends clean.
describe('console.error in the web tests', () => {
  it('fails a test that printed an error it did not declare, with the message formatted', () => {
    console.error('Could not load %s', 'the page', new Error('network down'));
    expect(checkConsoleErrors).toThrow(
      /console\.error was called: Could not load the page.*network down/s,
    );
    expect(checkConsoleErrors).not.toThrow();
  });

  it('passes a declared error, and fails when a declared error was not printed', () => {
    expectConsoleError(/network down/);
    console.error(new Error('network down'));
    expect(checkConsoleErrors).not.toThrow();

    expectConsoleError(/network down/);
    expect(checkConsoleErrors).toThrow(/expected to print \/network down\//);
  });

  it("catches React's warning about a list without keys", () => {
    render(
      <ul>
        {/* No key: what this test checks. */}
        {['a', 'b'].map((item) => (
          <li>{item}</li>
        ))}
      </ul>,
    );
    expect(checkConsoleErrors).toThrow(/unique "key" prop/);
  });

  it("catches React's warning about an update outside act()", async () => {
    let update: (value: number) => void = () => undefined;
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => {
        update = setCount;
      }, []);
      return <p>{count}</p>;
    }
    render(<Counter />);
    update(1);
    expect(checkConsoleErrors).toThrow(/not wrapped in act/);
  });
});
