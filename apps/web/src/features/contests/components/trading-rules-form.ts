import {
  NO_RULES,
  RULE_PRESETS,
  type ContestRules,
  type MarketSectorName,
  type RulePreset,
} from '@bullpen/contract/contest-rules';
import { parseDollarsToCents } from '@bullpen/contract/money';

/**
 * The "Trading rules" section's values as typed (docs/decisions/046-contest-rule-packs.md):
 * tickers as one line separated by commas or spaces, the share price in dollars, the holding
 * time in hours. A preset fills every field; changing a field makes the set custom.
 */
export interface RulesForm {
  rule_preset: RulePreset;
  max_position_weight: string;
  allowed_symbols: string;
  blocked_symbols: string;
  allowed_sectors: MarketSectorName[];
  blocked_sectors: MarketSectorName[];
  min_share_price: string;
  max_trades_per_day: string;
  min_holding_hours: string;
}

export type RulesField = Exclude<keyof RulesForm, 'rule_preset'>;

export const RULES_FORM_FIELDS = [
  'rule_preset',
  'max_position_weight',
  'allowed_symbols',
  'blocked_symbols',
  'allowed_sectors',
  'blocked_sectors',
  'min_share_price',
  'max_trades_per_day',
  'min_holding_hours',
] as const satisfies readonly (keyof RulesForm)[];

/** What the body's fields are called on the server, where the form names them otherwise. */
export const serverRuleField: Record<string, RulesField> = {
  min_holding_minutes: 'min_holding_hours',
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** The form's values for a set of rules. */
export function rulesFormFrom(rules: ContestRules, preset: RulePreset): RulesForm {
  return {
    rule_preset: preset,
    max_position_weight: text(rules.max_position_weight),
    allowed_symbols: (rules.allowed_symbols ?? []).join(', '),
    blocked_symbols: rules.blocked_symbols.join(', '),
    allowed_sectors: [...(rules.allowed_sectors ?? [])],
    blocked_sectors: [...rules.blocked_sectors],
    min_share_price: rules.min_share_price === null ? '' : (rules.min_share_price / 100).toFixed(2),
    max_trades_per_day: text(rules.max_trades_per_day),
    min_holding_hours:
      rules.min_holding_minutes === null ? '' : String(rules.min_holding_minutes / 60),
  };
}

/** A new contest's rules: none, as custom. */
export const emptyRulesForm = (): RulesForm => rulesFormFrom(NO_RULES, 'custom');

/** The preset select: a named preset fills every field; custom keeps them as they are. */
export function choosePreset(form: RulesForm, preset: RulePreset): RulesForm {
  if (preset === 'custom') return { ...form, rule_preset: 'custom' };
  return rulesFormFrom(RULE_PRESETS[preset], preset);
}

/** A field changed by hand: the rules are now the teacher's own. */
export function changeRule<F extends RulesField>(
  form: RulesForm,
  field: F,
  value: RulesForm[F],
): RulesForm {
  return { ...form, [field]: value, rule_preset: 'custom' };
}

/** "aapl, msft spy" → ["AAPL", "MSFT", "SPY"]. */
export function tickersOf(line: string): string[] {
  return line
    .split(/[\s,;]+/)
    .map((symbol) => symbol.trim().toUpperCase())
    .filter((symbol) => symbol !== '');
}

/** Why a field could not be read at all, as a key of contest-rules:rulesForm.errors. */
export type Unreadable = Partial<Record<RulesField, 'wholeNumber' | 'dollars' | 'hours'>>;

/**
 * The rules as the API's body, with the fields that could not be read at all (the contract's
 * schema checks the rest). A field left empty is no rule.
 */
export function rulesBodyFrom(form: RulesForm): {
  body: ContestRules & { rule_preset: RulePreset };
  unreadable: Unreadable;
} {
  const unreadable: Unreadable = {};
  const whole = (field: 'max_position_weight' | 'max_trades_per_day') => {
    const value = form[field].trim();
    if (value === '') return null;
    if (!/^\d+$/.test(value)) {
      unreadable[field] = 'wholeNumber';
      return null;
    }
    return Number(value);
  };
  const priceText = form.min_share_price.trim();
  const price = priceText === '' ? null : parseDollarsToCents(priceText);
  if (priceText !== '' && price === null) unreadable.min_share_price = 'dollars';
  const hoursText = form.min_holding_hours.trim();
  let minutes: number | null = null;
  if (hoursText !== '') {
    const hours = Number(hoursText.replace(',', '.'));
    minutes = Math.round(hours * 60);
    if (!Number.isFinite(hours) || hours <= 0 || Math.abs(hours * 60 - minutes) > 1e-9) {
      unreadable.min_holding_hours = 'hours';
      minutes = null;
    }
  }
  const allowed = tickersOf(form.allowed_symbols);
  return {
    body: {
      rule_preset: form.rule_preset,
      max_position_weight: whole('max_position_weight'),
      allowed_symbols: allowed.length === 0 ? null : allowed,
      blocked_symbols: tickersOf(form.blocked_symbols),
      allowed_sectors: form.allowed_sectors.length === 0 ? null : form.allowed_sectors,
      blocked_sectors: form.blocked_sectors,
      min_share_price: price,
      max_trades_per_day: whole('max_trades_per_day'),
      min_holding_minutes: minutes,
    },
    unreadable,
  };
}
