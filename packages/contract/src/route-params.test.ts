import { describe, expect, it } from 'vitest';
import { parseRouteParams, routeParamsAreValid } from './route-params.ts';

describe('parseRouteParams', () => {
  it('reads ids and the order type of a well-formed path', () => {
    expect(
      parseRouteParams({ orderType: 'SELL', contestId: '2', securityId: '2147483647' }, [
        'orderType',
        'contestId',
        'securityId',
      ]),
    ).toEqual({ orderType: 'SELL', contestId: 2, securityId: 2_147_483_647 });
    expect(parseRouteParams({ id: '12' }, ['id'])).toEqual({ id: 12 });
  });

  it.each([
    'abc',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 7',
    '',
    '2147483648',
    '99999999999999',
    'undefined',
    'NaN',
  ])('refuses the id %j', (id) => {
    expect(parseRouteParams({ id }, ['id'])).toBeNull();
  });

  it.each(['HOLD', 'buy', 'Sell', '', 'BUY ', 'BUYSELL'])('refuses the order type %j', (type) => {
    expect(parseRouteParams({ orderType: type }, ['orderType'])).toBeNull();
  });

  it('refuses a missing param', () => {
    expect(parseRouteParams({ userId: '3' }, ['userId', 'contestId'])).toBeNull();
  });
});

describe('routeParamsAreValid', () => {
  it('checks every param of a matched URL by its name', () => {
    expect(routeParamsAreValid({})).toBe(true);
    expect(routeParamsAreValid({ userId: '3', contestId: '4' })).toBe(true);
    expect(routeParamsAreValid({ userId: '3', contestId: 'abc' })).toBe(false);
    expect(routeParamsAreValid({ orderType: 'HOLD', contestId: '2', securityId: '1' })).toBe(false);
    expect(routeParamsAreValid({ '*': 'any/thing' })).toBe(true);
  });

  it('refuses a param it does not know, so a new route cannot skip the check', () => {
    expect(routeParamsAreValid({ slug: 'intro' })).toBe(false);
  });
});
