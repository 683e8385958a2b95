/** Topic search: case-insensitive, on the name and the description. */
export function matchesTopic(topic: { name: string; description: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || topic.name.toLowerCase().includes(q) || topic.description.toLowerCase().includes(q);
}
