import type { FieldErrors, FieldValues } from 'react-hook-form';
import { type MessageSource, translateMessage } from '@/lib/translate-message.ts';

function uniqueMessages(types: Record<string, unknown> | undefined, fallback: unknown): string[] {
  const all = Object.values(types ?? {}).flat();
  const list = (all.length > 0 ? all : [fallback]).filter(
    (message): message is string => typeof message === 'string' && message !== '',
  );
  return [...new Set(list)];
}

/**
 * Spec section 5: all schema errors of a field, joined with a space. The resolver runs with
 * criteriaMode 'all', so each field error carries every message in `types`; this walks the
 * (nested) errors and writes the joined, translated text into `message`.
 */
export function aggregateErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  sources: readonly MessageSource[] = [],
): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(walk);
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string') {
      const list = uniqueMessages(record.types as Record<string, unknown>, record.message);
      const message = list.map((text) => translateMessage(text, sources)).join(' ');
      return { ...record, message };
    }
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, walk(value)]));
  };
  return walk(errors) as FieldErrors<T>;
}
