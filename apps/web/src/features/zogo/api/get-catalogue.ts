import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { ZogoCategory, ZogoModule, ZogoSkill } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';

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
