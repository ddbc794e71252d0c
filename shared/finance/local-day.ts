/** "aaaa-mm-dd" → "dd/mm/aaaa" (a due date is a calendar day, no zone to apply). */
export function formatLocalDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Open and due before today (in the organização's zone): the list highlights it. */
export function isOverdue(row: { status: string; vencimento: string }, today: string): boolean {
  return row.status === "aberta" && row.vencimento < today;
}
