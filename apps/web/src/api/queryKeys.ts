/** Every query key of the app, so invalidation never misses one by a typo. */
export const queryKeys = {
  session: ["session"] as const,
  conversationsAll: ["conversations"] as const,
  conversations: (q: string) => ["conversations", q] as const,
  /** Under "conversations": whatever refreshes the list refreshes the search too. */
  conversationSearch: (q: string) => ["conversations", "search", q] as const,
  conversation: (id: string) => ["conversation", id] as const,
  clusters: (context: string | null) => ["clusters", context] as const,
  scan: (context: string | null, namespace: string | null) => ["scan", context, namespace] as const,
};
