import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { parseId } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH, earnPaths } from '@bullpen/contract/routes';
import type { CompleteModule } from '@bullpen/contract/zogo';
import { safeLocalPath } from '@/lib/safe-path.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useModule, refreshZogoToken } from '../api/zogo-api.ts';
import { EarnCatalogue } from '../components/EarnCatalogue.tsx';
import { ModulePlayer } from '../components/ModulePlayer.tsx';
import { PlayerStatus } from '../components/PlayerStatus.tsx';

export interface LearnAndEarnPageProps {
  /** Told when a finished module paid points (the app refreshes the header badge). */
  onPointsChanged?: (result: CompleteModule) => void;
}

/** Where the module's Back goes: the navigation state's `from` (spec section 2), if it is ours. */
function backPath(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return safeLocalPath(typeof from === 'string' ? from : null) ?? earnPaths.catalogue;
}

function ModuleRoute({ moduleId, onPointsChanged }: { moduleId: number } & LearnAndEarnPageProps) {
  const location = useLocation();
  const module = useModule(moduleId);
  // A fresh token for this module, stored under `zogo`; failures are only logged (spec 8).
  useEffect(() => {
    void refreshZogoToken();
  }, [moduleId]);
  const backTo = backPath(location.state);
  if (module.error instanceof ApiError && module.error.status === 404) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (!module.data) return <PlayerStatus error={module.error} backTo={backTo} />;
  return <ModulePlayer module={module.data} backTo={backTo} onPointsChanged={onPointsChanged} />;
}

/**
 * `/learn-and-earn` (signed in): `?widget_type=deep_link&module_id={id}` plays one module;
 * anything else (`widget_type=learn_and_earn`) is the catalogue. A module id that cannot be
 * one goes to the 404 page, as an unknown one does once the API says so.
 */
export function LearnAndEarnPage({ onPointsChanged }: LearnAndEarnPageProps) {
  const [params] = useSearchParams();
  if (params.get('widget_type') !== 'deep_link') return <EarnCatalogue />;
  // The contract's rule for every id, so a module the API would refuse shows the 404 page.
  const moduleId = parseId(params.get('module_id') ?? '');
  if (moduleId === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <ModuleRoute key={moduleId} moduleId={moduleId} onPointsChanged={onPointsChanged} />;
}
