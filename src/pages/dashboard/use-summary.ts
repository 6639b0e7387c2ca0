import { useCustom } from "@refinedev/core";

/** `/sys/dashboard/summary`: a figure is null when the user's role does not list what it counts. */
export interface DashboardSummary {
  activities: { total: number; custom: number; red: number; unpublished: number; published: number; withdrawn: number } | null;
  redMarks: { total: number; published: number } | null;
  players: { total: number; people: number; today: number; perDay: Array<{ day: string; count: number }> } | null;
  answers: { pending: number } | null;
}

export function useSummary() {
  const { result, query } = useCustom<Record<string, unknown>>({
    url: "/sys/dashboard/summary",
    method: "get",
    queryOptions: { queryKey: ["dashboard", "summary"], refetchInterval: 60_000, refetchOnWindowFocus: false, retry: false },
  });
  const data = (query.isSuccess || query.data ? result?.data : undefined) as unknown as DashboardSummary | undefined;
  return { summary: data && "answers" in data ? data : undefined, query };
}
