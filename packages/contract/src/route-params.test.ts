import { describe, expect, it } from 'vitest';
import { idField } from './input.ts';
import { parseRouteParams, routeParamsAreValid } from './route-params.ts';
import { orderSide } from './trading.ts';

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

describe('the API rules', () => {
  // Route params are parsed without zod (no zod on a page's first load): the same answers as
  // the API's own schemas for an id and an order side, which the server reads paths with.
  const texts = [
    '1',
    '12',
    '0001',
    '2147483647',
    '2147483648',
    '999999999999',
    '9999999999999',
    '0',
    '00',
    '-1',
    '+1',
    '1.0',
    '1e3',
    '0x10',
    ' 7',
    '7 ',
    '',
    'abc',
    'NaN',
    'Infinity',
    'BUY',
    'SELL',
    'buy',
    'HOLD',
    '٣',
  ];

  it.each(texts)('reads the id %j as idField does', (text) => {
    const api = idField.safeParse(text);
    expect(parseRouteParams({ id: text }, ['id'])).toEqual(api.success ? { id: api.data } : null);
  });

  it.each(texts)('reads the order type %j as orderSide does', (text) => {
    const api = orderSide.safeParse(text);
    expect(parseRouteParams({ orderType: text }, ['orderType'])).toEqual(
      api.success ? { orderType: api.data } : null,
    );
  });
});
