import type {
  ConversationDetail,
  ConversationList,
  ConversationSummary,
} from "@kubemedic/protocol";
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from "@tanstack/react-query";
import { api } from "./endpoints";
import { queryKeys } from "./queryKeys";

/** Server state: every REST read of the app is one of these TanStack Query hooks. */

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => api.session(signal),
    staleTime: 5 * 60_000,
  });
}

/** Conversations page size. @default 50 */
const PAGE = 50;

export function useConversationList(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.conversations(q),
    queryFn: ({ pageParam, signal }) =>
      api.conversations({ q, cursor: pageParam, limit: PAGE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The history by the text of titles, messages and reports; idle while `q` is empty. */
export function useConversationSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.conversationSearch(q),
    queryFn: ({ signal }) => api.searchConversations(q, signal),
    enabled: q !== "",
  });
}

export function useConversationDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.conversation(id ?? ""),
    queryFn: ({ signal }) => api.conversation(id ?? "", signal),
    enabled: id !== null,
    // The stream keeps it live; re-fetches are explicit (turn end, resync).
    staleTime: Infinity,
  });
}

export function useClusters(context: string | null) {
  return useQuery({
    queryKey: queryKeys.clusters(context),
    queryFn: ({ signal }) => api.clusters(context, signal),
    staleTime: 60_000,
  });
}

export function useScan(context: string | null, namespace: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.scan(context, namespace),
    queryFn: ({ signal }) => api.scan(context, namespace, signal),
    enabled,
    staleTime: 30_000,
  });
}

type ListData = InfiniteData<ConversationList, string | null>;

/** Puts a changed summary into the cached lists and the cached detail. */
function storeSummary(
  queryClient: ReturnType<typeof useQueryClient>,
  summary: ConversationSummary,
) {
  editLists(queryClient, (items) => items.map((c) => (c.id === summary.id ? summary : c)));
  queryClient.setQueryData<ConversationDetail>(queryKeys.conversation(summary.id), (d) =>
    d === undefined ? d : { ...d, conversation: summary },
  );
}

/** Applies `edit` to every cached page of every conversation list (all searches). */
function editLists(
  queryClient: ReturnType<typeof useQueryClient>,
  edit: (items: ConversationSummary[]) => ConversationSummary[],
) {
  queryClient.setQueriesData<ListData>({ queryKey: queryKeys.conversationsAll }, (data) =>
    data === undefined
      ? data
      : { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) },
  );
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api.patchConversation(id, { title }),
    onSuccess: (summary) => {
      storeSummary(queryClient, summary);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll });
    },
  });
}

export function usePatchScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      clusterContext,
      namespace,
    }: {
      id: string;
      clusterContext?: string;
      namespace?: string | null;
    }) =>
      api.patchConversation(id, {
        ...(clusterContext === undefined ? {} : { clusterContext }),
        ...(namespace === undefined ? {} : { namespace }),
      }),
    onSuccess: (summary) => storeSummary(queryClient, summary),
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteConversation(id),
    onSuccess: (_nothing, id) => {
      editLists(queryClient, (items) => items.filter((c) => c.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll });
    },
  });
}
