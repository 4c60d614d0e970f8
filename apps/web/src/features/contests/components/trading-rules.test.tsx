import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contest } from '@bullpen/contract/contests';
import { RULE_PRESETS, ruleMessages } from '@bullpen/contract/contest-rules';
import { i18n } from '@/lib/i18n.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { renderWithApp, setTestLanguage } from '@/test/render.tsx';
import { contestOf } from '@/test/contest.ts';
import { ContestRules, ruleSentences } from './ContestRules.tsx';
import { CreateContestForm } from './CreateContestForm.tsx';
import { choosePreset, emptyRulesForm, rulesBodyFrom } from './trading-rules-form.ts';

/** The "Trading rules" section of the contest form and the rules on the contest page. */

const contest = contestOf({
  id: 9,
  name: 'Class 8A',
  owner: { id: 1, username: 'tess' },
  members_count: 3,
  my_contest_user: 12,
  join_code: 'QWERTY23',
  coach: true,
});

function stubCreate() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    return new Response(JSON.stringify({ ...contest, ...body, id: 31 }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the rules form’s values', () => {
  it('fills every field from a preset and reads them back as the preset', () => {
    const form = choosePreset(emptyRulesForm(), 'beginner');
    expect(form).toMatchObject({
      rule_preset: 'beginner',
      min_share_price: '5.00',
      max_position_weight: '25',
      max_trades_per_day: '10',
      min_holding_hours: '24',
    });
    expect(rulesBodyFrom(form)).toEqual({
      body: { rule_preset: 'beginner', ...RULE_PRESETS.beginner },
      unreadable: {},
    });
  });

  it('reads tickers in any case and separator, and says which fields it cannot read', () => {
    const { body, unreadable } = rulesBodyFrom({
      ...emptyRulesForm(),
      blocked_symbols: 'xom, tsla  gme',
      allowed_symbols: '',
      min_holding_hours: '1.5',
      min_share_price: 'cheap',
      max_trades_per_day: '2.5',
    });
    expect(body.blocked_symbols).toEqual(['XOM', 'TSLA', 'GME']);
    expect(body.allowed_symbols).toBeNull();
    expect(body.min_holding_minutes).toBe(90);
    expect(unreadable).toEqual({ min_share_price: 'dollars', max_trades_per_day: 'wholeNumber' });
  });
});

describe('the create-contest form’s trading rules', { timeout: 20_000 }, () => {
  it('a preset fills the fields, and changing one makes the rules custom', async () => {
    await renderWithApp(<CreateContestForm />);
    const rules = screen.getByTestId('trading-rules');
    expect(within(rules).getByRole('combobox', { name: 'Rule pack' })).toHaveTextContent('Custom');
    await choose('Rule pack', 'Beginner');
    expect(screen.getByLabelText('Lowest share price to buy')).toHaveValue('5.00');
    expect(screen.getByLabelText('Orders per day')).toHaveValue('10');
    expect(screen.getByLabelText('Hours to keep a stock before selling')).toHaveValue('24');
    expect(screen.getByLabelText('Largest position', { exact: true })).toHaveValue('25');
    expect(
      screen.getByText(/No stock under \$5, at most 25% in one stock, 10 orders a day/),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Orders per day'));
    await userEvent.type(screen.getByLabelText('Orders per day'), '3');
    expect(screen.getByRole('combobox', { name: 'Rule pack' })).toHaveTextContent('Custom');
    expect(screen.getByLabelText('Lowest share price to buy')).toHaveValue('5.00');
  });

  it('sends the rules with the contest: blocked tickers and sectors', async () => {
    const fetchMock = stubCreate();
    await renderWithApp(<CreateContestForm />);
    await userEvent.type(screen.getByLabelText(/Contest name/), 'No oil');
    await userEvent.type(screen.getByLabelText('Blocked tickers'), 'xom, cvx');
    await choose('Blocked sectors', 'Energy');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Create contest' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      name: 'No oil',
      rule_preset: 'custom',
      blocked_symbols: ['XOM', 'CVX'],
      blocked_sectors: ['Energy'],
      allowed_symbols: null,
      min_share_price: null,
      max_trades_per_day: null,
    });
  });

  it('shows the field’s problem and sends nothing', async () => {
    const fetchMock = stubCreate();
    await renderWithApp(<CreateContestForm />);
    await userEvent.type(screen.getByLabelText(/Contest name/), 'Rules');
    await userEvent.type(screen.getByLabelText('Hours to keep a stock before selling'), 'soon');
    await userEvent.type(screen.getByLabelText('Blocked tickers'), '$$$');
    await userEvent.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(
      await screen.findByText('Enter a number of hours, such as 24 or 1.5.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter tickers such as AAPL or SPY.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    await renderWithApp(<CreateContestForm />, { language: 'es' });
    expect(screen.getByRole('combobox', { name: 'Paquete de reglas' })).toBeInTheDocument();
    expect(screen.getByLabelText('Símbolos bloqueados')).toBeInTheDocument();
    expect(
      screen.getByText(
        'La venta en corto está siempre desactivada: solo se pueden vender acciones propias.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the rules on the contest page', () => {
  it('says each rule in plain words, and that there is no short selling', async () => {
    const strict: Contest = {
      ...contest,
      rule_preset: 'custom',
      blocked_symbols: ['XOM'],
      allowed_sectors: ['Information Technology'],
      min_share_price: 500,
      max_trades_per_day: 1,
      min_holding_minutes: 1_440,
      max_position_weight: 25,
    };
    await renderWithApp(<ContestRules contest={strict} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'You cannot buy these stocks: XOM.',
      'You can only buy stocks from these sectors: Information Technology.',
      'You cannot buy a stock that costs less than $5.00 a share.',
      'One stock can be at most 25% of your portfolio.',
      'You can place 1 order a day.',
      'After you buy a stock, keep it at least 24 hours before you sell it.',
      'You can only sell shares you own: there is no short selling.',
    ]);
    // A student cannot change them.
    expect(screen.queryByRole('button', { name: 'Change rules' })).not.toBeInTheDocument();
  });

  it('names the rule pack, in Spanish too, and lets the owner change the rules', async () => {
    const beginner: Contest = {
      ...contest,
      ...RULE_PRESETS.beginner,
      rule_preset: 'beginner',
      is_owner: true,
      can_manage: true,
    };
    await renderWithApp(<ContestRules contest={beginner} />, { language: 'es' });
    expect(screen.getByText('Paquete de reglas: Principiante')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar reglas' })).toBeInTheDocument();
    expect(
      ruleSentences(contest, i18n.getFixedT('es', 'contest-rules'), { cents: String }),
    ).toEqual([
      'Sin reglas extra: puedes comprar cualquier acción mientras el mercado está abierto.',
      'Solo puedes vender acciones que tienes: no hay venta en corto.',
    ]);
  });
});

describe('the owner or the class’s teacher changes the rules', { timeout: 20_000 }, () => {
  it('opens the dialog (for a class’s teacher who is not the owner), picks a pack and saves it with PUT', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      return new Response(JSON.stringify({ ...contest, ...body, can_manage: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<ContestRules contest={{ ...contest, can_manage: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trading rules of Class 8A' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rule pack' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Classic' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/contests/9/rules/');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      rule_preset: 'classic',
      ...RULE_PRESETS.classic,
    });
    expect(
      await screen.findByText('The trading rules were saved. They apply to new orders.'),
    ).toBeInTheDocument();
  });
});

describe('a refused order’s reason in Spanish', () => {
  it('finds each rule’s sentence in the order ticket’s catalogue', async () => {
    await setTestLanguage('es');
    const sources = ['contests:orderTicket.messages'] as const;
    expect(translateMessage(ruleMessages.symbolBlocked('XOM'), sources)).toBe(
      'No puedes comprar XOM en este concurso: quien lo creó la bloqueó.',
    );
    expect(translateMessage(ruleMessages.tooManyTrades(3), sources)).toBe(
      'Este concurso permite 3 órdenes al día y ya las hiciste todas hoy. Puedes volver a invertir el próximo día de mercado.',
    );
    expect(translateMessage(ruleMessages.holdLonger('AAPL', 1_440), sources)).toBe(
      'Este concurso pide guardar una acción al menos 1 día después de comprarla, y compraste AAPL hace menos de 1 día.',
    );
    for (const message of [
      ruleMessages.symbolNotAllowed('XOM'),
      ruleMessages.sectorNotAllowed('XOM', 'Energy'),
      ruleMessages.sectorBlocked('XOM', 'Energy'),
      ruleMessages.priceTooLow('F', 412, 500),
      ruleMessages.tooManyTrades(1),
      ruleMessages.holdLonger('AAPL', 120),
      ruleMessages.holdLonger('AAPL', 90),
    ]) {
      expect(translateMessage(message, sources)).not.toBe(message);
    }
    await setTestLanguage('en');
  });
});
