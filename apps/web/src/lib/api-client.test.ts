import { afterEach, describe, expect, it } from 'vitest';
import { contestMessages } from '@bullpen/contract/contests';
import { marketMessages } from '@bullpen/contract/market';
import { tradingMessages } from '@bullpen/contract/trading';
import { setTestLanguage } from '../test/render.tsx';
import { ApiError, errorText } from './api-client.ts';

const apiError = (message: string) => new ApiError(403, { error: message }, message);

afterEach(async () => {
  await setTestLanguage('en');
});

describe('errorText: the server speaks English, the page reads the reader’s language', () => {
  it('has a Spanish text for every fixed contest, trading and market message of the contract', async () => {
    await setTestLanguage('es');
    const fixed = [contestMessages, tradingMessages, marketMessages]
      .flatMap((group) => Object.values(group))
      .filter((message): message is string => typeof message === 'string');
    expect(fixed.length).toBeGreaterThan(30);
    // A message the catalogues do not know comes back unchanged, in English.
    expect(fixed.filter((message) => errorText(apiError(message)) === message)).toEqual([]);
  });

  it('shows a contest message in Spanish, with its values carried over', async () => {
    await setTestLanguage('es');
    expect(errorText(apiError(contestMessages.badCode))).toBe(
      'Ese código no coincide con ningún concurso.',
    );
    expect(errorText(apiError(marketMessages.unknownSymbol('ZZZ')))).toBe(
      'No hay ninguna acción con el símbolo ZZZ.',
    );
    expect(errorText(apiError(tradingMessages.notEnoughShares(5, 1)))).toMatch(/^Tienes 1 acción/);
  });

  it('leaves English alone, and shows an unknown message as the server wrote it', async () => {
    expect(errorText(apiError(contestMessages.badCode))).toBe(contestMessages.badCode);
    await setTestLanguage('es');
    expect(errorText(apiError('Something new.'))).toBe('Something new.');
  });
});
