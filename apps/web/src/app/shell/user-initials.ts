/** Up to two initials for an avatar: "Ada Lovelace" -> "AL", "ada@x.io" -> "A". */
export function userInitials(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase();
  if (words.length === 1) return (words[0]?.[0] ?? '').toUpperCase();
  return (email[0] ?? '?').toUpperCase();
}
