import { useMutation } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { CheckAnswer, CheckAnswerBody } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';

/** `POST /api/zogo/modules/{id}/check/`: is this one answer right? */
export function checkAnswer({ moduleId, body }: { moduleId: number; body: CheckAnswerBody }) {
  return apiClient.post<CheckAnswer>(api.zogoCheckAnswer.build({ id: moduleId }), body);
}

export function useCheckAnswer() {
  return useMutation({ mutationFn: checkAnswer });
}
