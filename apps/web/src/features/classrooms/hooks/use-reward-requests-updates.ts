import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userChannel } from '@bullpen/contract/realtime';
import { realtime } from '@/lib/realtime.ts';

/**
 * While the teacher's Rewards tab is open, listens on the teacher's own channel and refetches
 * the class's queue when a student makes or cancels a request, so it fills in without a reload.
 */
export function useRewardRequestsUpdates(teacherId: number, classroomId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (teacherId === undefined) return undefined;
    return realtime.subscribe(userChannel(teacherId), (message) => {
      if (message.type !== 'rewards') return;
      void queryClient.invalidateQueries({
        queryKey: ['classrooms', classroomId, 'reward-requests'],
      });
      void queryClient.invalidateQueries({ queryKey: ['classrooms', classroomId, 'rewards'] });
    });
  }, [teacherId, classroomId, queryClient]);
}
