import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type {
  ZogoCategory,
  ZogoModule,
  ZogoSkill,
  ZogoToday,
  ZogoModuleDetail,
  CardStart,
  CheckAnswer,
  CheckAnswerBody,
  CompleteModule,
  CompleteModuleBody,
  ZogoToken,
} from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';
import Cookies from 'js-cookie';
import { COOKIE_EXPIRY_DAYS, ZOGO_COOKIE } from '@bullpen/contract/constants';

/** The lists are small (tens of modules) and answered whole, not in pages. */
function getAll<Item>(path: string, signal: AbortSignal): Promise<Item[]> {
  return apiClient.get<Item[]>(path, undefined, { signal });
}

/** Every learn-and-earn query starts with this key, so one invalidation refreshes them all. */
export const earnQueryKey = ['earn'] as const;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...earnQueryKey, 'categories'],
    queryFn: ({ signal }) => getAll<ZogoCategory>(api.zogoCategories.build(), signal),
    staleTime: 5 * 60_000,
  });

export const skillsQueryOptions = () =>
  queryOptions({
    queryKey: [...earnQueryKey, 'skills'],
    queryFn: ({ signal }) => getAll<ZogoSkill>(api.zogoSkills.build(), signal),
    staleTime: 5 * 60_000,
  });

/** Every module, each marked when I completed it. */
export const modulesQueryOptions = () =>
  queryOptions({
    queryKey: [...earnQueryKey, 'modules'],
    queryFn: ({ signal }) => getAll<ZogoModule>(api.zogoModules.build(), signal),
  });

export function useCatalogue() {
  const categories = useQuery(categoriesQueryOptions());
  const skills = useQuery(skillsQueryOptions());
  const modules = useQuery(modulesQueryOptions());
  const queries = [categories, skills, modules];
  return {
    categories: categories.data,
    skills: skills.data,
    modules: modules.data,
    error: queries.find((query) => query.error)?.error ?? null,
    refetch: () => Promise.all(queries.filter((query) => query.error).map((q) => q.refetch())),
  };
}

/** `GET /api/zogo/today/`: module points earned today against the daily cap. */
export const todayQueryOptions = () =>
  queryOptions({
    queryKey: [...earnQueryKey, 'today'],
    queryFn: ({ signal }) => apiClient.get<ZogoToday>(api.zogoToday.build(), undefined, { signal }),
  });

export function useToday() {
  return useQuery(todayQueryOptions());
}

/** `GET /api/zogo/modules/{id}/`: one module with its cards (questions without answers). */
export const moduleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...earnQueryKey, 'module', id],
    queryFn: ({ signal }) =>
      apiClient.get<ZogoModuleDetail>(api.zogoModule.build({ id }), undefined, { signal }),
  });

export function useModule(id: number) {
  return useQuery(moduleQueryOptions(id));
}

/**
 * `POST /api/zogo/modules/{id}/cards/{card}/start/`: this card is on screen now. The server
 * keeps the first time, and a module pays only once every card was shown long enough.
 */
export function startCard({ moduleId, card }: { moduleId: number; card: number }) {
  return apiClient.post<CardStart>(api.zogoCardStart.build({ id: moduleId, card }), {});
}

export function useStartCard() {
  return useMutation({ mutationFn: startCard });
}

/** `POST /api/zogo/modules/{id}/check/`: is this one answer right? */
export function checkAnswer({ moduleId, body }: { moduleId: number; body: CheckAnswerBody }) {
  return apiClient.post<CheckAnswer>(api.zogoCheckAnswer.build({ id: moduleId }), body);
}

export function useCheckAnswer() {
  return useMutation({ mutationFn: checkAnswer });
}

/** `PUT /api/points/points/zogo/`: a finished module with every answer and the token. */
export function completeModule(body: CompleteModuleBody) {
  return apiClient.put<CompleteModule>(api.zogoPoints.build(), body);
}

export function useCompleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeModule,
    // The catalogue and the module now show it done.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earnQueryKey }),
  });
}

/** The learn-and-earn token stored under the spec's `zogo` key (section 9), if any. */
export function readZogoToken(): string | null {
  return Cookies.get(ZOGO_COOKIE) ?? null;
}

/**
 * `GET /api/auth/zogo-token/` and store it under `zogo` (spec section 7). Spec section 8: a
 * failure is only logged; finishing the module then says the session expired.
 */
export async function refreshZogoToken(): Promise<void> {
  // An older token (another module, another session) is never sent in place of a new one.
  Cookies.remove(ZOGO_COOKIE, { path: '/' });
  try {
    const { zogo_token: token } = await apiClient.get<ZogoToken>(api.zogoToken.build());
    Cookies.set(ZOGO_COOKIE, token, {
      expires: COOKIE_EXPIRY_DAYS,
      path: '/',
      sameSite: 'lax',
      secure: window.location.protocol === 'https:',
    });
  } catch (error) {
    console.warn('Could not get a learn-and-earn token', error);
  }
}
