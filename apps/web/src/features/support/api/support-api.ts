import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import {
  INBOX_PAGE_SIZE,
  type Ticket,
  type TicketCreated,
  type TicketKind,
  type TicketStatus,
} from '@bullpen/contract/support';
import { apiClient } from '@/lib/api-client.ts';

/** The three ticket endpoints of spec section 7, by kind. */
const ticketPaths: Record<TicketKind, string> = {
  support: api.supportTickets.build(),
  contact_sales: api.contactSalesTickets.build(),
  school_event: api.schoolEventTickets.build(),
};

/** Where the ALTCHA widget fetches its challenge. */
export const humanChallengeUrl = api.humanChallenge.build();

export function useSendTicket(kind: TicketKind) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiClient.post<TicketCreated>(ticketPaths[kind], body),
  });
}

export type InboxFilter = TicketStatus | 'all';

export const inboxQueryOptions = (filter: InboxFilter, page: number) => ({
  queryKey: ['support', 'inbox', filter, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => {
    const query = new URLSearchParams({ page: String(page), page_size: String(INBOX_PAGE_SIZE) });
    if (filter !== 'all') query.set('status', filter);
    return apiClient.get<Page<Ticket>>(`${api.supportInbox.build()}?${query}`, undefined, {
      signal,
    });
  },
});

export function useInbox(filter: InboxFilter, page: number, enabled: boolean) {
  return useQuery({
    ...inboxQueryOptions(filter, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TicketStatus }) =>
      apiClient.patch<Ticket>(api.supportTicket.build({ id }), { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }),
  });
}
