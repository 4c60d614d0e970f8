import { Suspense, lazy } from 'react';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import type { TradingPausedDialogProps } from './PausedDialog.tsx';

/** The dialog (MUI's Dialog, its parts and Modal) loads when it first opens, not with the page. */
const PausedDialog = lazy(() =>
  import('./PausedDialog.tsx').then((module) => ({ default: module.PausedDialog })),
);

/**
 * What BUY and SELL say while the owner has paused trading, or the class's teacher has turned
 * it off (instead of opening a ticket).
 */
export function TradingPausedDialog(props: TradingPausedDialogProps) {
  const loaded = useOpenedOnce(props.open);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PausedDialog {...props} />
    </Suspense>
  );
}
