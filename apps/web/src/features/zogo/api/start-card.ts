import { useMutation } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { CardStart } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';

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
