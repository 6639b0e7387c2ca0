/** Greeting by hour (spec §2.3): under 9 morning, up to 11 forenoon, up to 13 noon, under 20 afternoon, else evening. */
export function greeting(hour: number): string {
  if (hour < 9) return "早上好";
  if (hour <= 11) return "上午好";
  if (hour <= 13) return "中午好";
  if (hour < 20) return "下午好";
  return "晚上好";
}
